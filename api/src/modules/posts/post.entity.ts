import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@ObjectType('Post')
@Entity('posts')
export class Post {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'author_uid', type: 'text' })
  authorUid!: string;

  @Field()
  @Column({ name: 'video_url', type: 'text' })
  videoUrl!: string;

  @Field(() => String, { nullable: true, description: 'A JPEG frame from near the start of the video' })
  @Column({ name: 'poster_url', type: 'text', nullable: true })
  posterUrl!: string | null;

  @Field(() => Float, { nullable: true, description: 'Seconds' })
  @Column({ type: 'double precision', nullable: true })
  duration!: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  @Column({ name: 'upload_id', type: 'text', nullable: true })
  uploadId!: string | null;

  @Field()
  @Column({ type: 'text', default: '' })
  caption!: string;

  @Field(() => [String])
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Field(() => Int)
  @Column({ name: 'like_count', type: 'integer', default: 0 })
  likeCount!: number;

  @Field(() => Int)
  @Column({ name: 'comment_count', type: 'integer', default: 0 })
  commentCount!: number;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
