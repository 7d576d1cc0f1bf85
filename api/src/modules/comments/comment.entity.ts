import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Mention, type StoredMention } from '../mentions';

@ObjectType('Comment')
@Entity('comments')
export class Comment {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'post_id', type: 'uuid' })
  postId!: string;

  @Column({ name: 'author_uid', type: 'text' })
  authorUid!: string;

  @Field()
  @Column({ type: 'text' })
  text!: string;

  @Field(() => [Mention], { description: 'The people the text mentions, in the order they appear' })
  @Column({ type: 'jsonb', default: () => "'[]'" })
  mentions!: StoredMention[];

  /**
   * The post's author, when the code that read the comment knew it (a new comment, a live one):
   * `viewerCan` then needs no lookup. Not a column.
   */
  postAuthorUid?: string;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
