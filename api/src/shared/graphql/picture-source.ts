import { Field, Int, ObjectType } from 'type-graphql';

/** Posters and profile photos come as several of these: the screen picks a size and format. */
@ObjectType({ description: 'One file of a picture, at one size and in one format' })
export class PictureSource {
  @Field()
  url!: string;

  @Field({ description: 'image/webp or image/jpeg' })
  type!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;
}
