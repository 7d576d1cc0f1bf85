import { Field, InputType } from 'type-graphql';

@InputType()
export class CreatePostInput {
  @Field({ description: "The media URL of the caller's own finished video upload (X-Media-Url)" })
  videoUrl!: string;

  @Field({ defaultValue: '' })
  caption!: string;

  @Field(() => [String], { defaultValue: [] })
  tags!: string[];
}
