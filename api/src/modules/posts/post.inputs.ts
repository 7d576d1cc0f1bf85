import { Field, ID, InputType } from 'type-graphql';
import { LocalDateScalar } from '../../shared/graphql/scalars';

/** The event a new post announces (modules/events checks it and shows it as `Post.event`). */
@InputType({ description: 'An event the post announces; local date and times in timeZone' })
export class PostEventInput {
  @Field(() => String, { nullable: true, description: "At most 200 characters; the caption's first line when empty" })
  name?: string | null;

  @Field(() => LocalDateScalar, { description: 'The local day of the start' })
  date!: string;

  @Field({ description: 'Local "HH:MM" (24 h)' })
  startTime!: string;

  @Field(() => String, { nullable: true, description: 'Local "HH:MM", the same day, after startTime' })
  endTime?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 200 characters' })
  place?: string | null;

  @Field({ description: 'IANA time zone, e.g. "Europe/London"' })
  timeZone!: string;
}

@InputType()
export class CreatePostInput {
  @Field({ description: "The media URL of the caller's own finished video upload (X-Media-Url)" })
  videoUrl!: string;

  @Field({ defaultValue: '' })
  caption!: string;

  @Field(() => [String], { defaultValue: [] })
  tags!: string[];

  @Field(() => [ID], {
    defaultValue: [],
    description: "Ids of mentioned students (at most 10); one whose '@' + display name is not in the caption is left out",
  })
  mentions!: string[];

  @Field(() => PostEventInput, { nullable: true, description: 'Makes it an event post' })
  event?: PostEventInput | null;

  @Field(() => ID, {
    nullable: true,
    description: "Post as this organization ('Post as <organization>'): its officers and owner only; the author stays the caller",
  })
  organizationId?: string | null;
}
