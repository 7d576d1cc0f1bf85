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

/** A caption file for the clip (issue 28): uploaded first through /uploads with kind 'caption'. */
@InputType({ description: 'A caption file for the clip, in one language' })
export class CaptionTrackInput {
  @Field({ description: "BCP 47 language tag of the captions ('en', 'pt-BR')" })
  language!: string;

  @Field(() => String, { nullable: true, description: "What the CC menu shows; the language's name when empty (at most 60 characters)" })
  label?: string | null;

  @Field({ description: "The media URL of the caller's own finished caption upload (X-Media-Url of a WebVTT or SubRip file)" })
  fileUrl!: string;
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
  @Field(() => [CaptionTrackInput], { defaultValue: [], description: 'Caption files, one per language (at most 8)' })
  captionTracks!: CaptionTrackInput[];
}
