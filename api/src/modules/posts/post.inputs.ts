import { Field, ID, InputType } from 'type-graphql';

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
}
