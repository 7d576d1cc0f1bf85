import { Field, Int, ObjectType } from 'type-graphql';

/**
 * A mention as posts and comments store it (their `mentions` jsonb column): the account, not the
 * name, so a rename does not break it; `start` and `length` place its '@Name' in the text as it
 * was written, in UTF-16 code units (as JavaScript strings index).
 */
export interface StoredMention {
  uid: string;
  start: number;
  length: number;
}

@ObjectType('Mention', {
  description: "An @mention inside a caption or a comment: the mentioned account and where its '@Name' sits in the text",
})
export class Mention implements StoredMention {
  /** Not a field: `user` resolves it (mention.resolver.ts). */
  uid!: string;

  @Field(() => Int, { description: "Offset of the '@' in the text, in UTF-16 code units (as JavaScript strings index)" })
  start!: number;

  @Field(() => Int, { description: "Length of '@Name' in UTF-16 code units" })
  length!: number;
}
