import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Mention, type StoredMention } from '../mentions';
import { type PictureSource, PostStatus, type StoredCaptionTrack, type VideoRendition } from './post-media';

@ObjectType('Post')
@Entity('posts')
export class Post {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'author_uid', type: 'text' })
  authorUid!: string;

  // videoUrl, posterUrl, renditions and posterSources are GraphQL fields of PostResolver: their
  // URLs carry a grant for the author while the post is hidden for review (PostService.mediaFor).
  /** The largest rendition once READY; until then the upload it was made from, which is not served. */
  @Column({ name: 'video_url', type: 'text' })
  videoUrl!: string;

  /** A JPEG frame from near the start of the video (the largest poster). */
  @Column({ name: 'poster_url', type: 'text', nullable: true })
  posterUrl!: string | null;

  @Field(() => PostStatus)
  @Column({ type: 'text', default: PostStatus.PROCESSING })
  status!: PostStatus;

  @Field(() => Int, { nullable: true, description: 'While PROCESSING: how much of the video is transcoded, 0 to 100' })
  @Column({ name: 'processing_progress', type: 'integer', nullable: true })
  processingProgress!: number | null;

  @Field(() => String, { nullable: true, description: 'When FAILED: what to tell the author' })
  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage!: string | null;

  /** Playable MP4s, largest first; empty until READY. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  renditions!: VideoRendition[];

  /** The poster in each size and format (WebP and JPEG), largest first; empty until READY. */
  @Column({ name: 'poster_sources', type: 'jsonb', default: () => "'[]'" })
  posterSources!: PictureSource[];

  /**
   * The clip's caption tracks (language, label, file), in the order they were added: read-only
   * here, a trigger on caption_tracks writes it (modules/caption-tracks answers `Post.captionTracks`).
   */
  @Column({ name: 'caption_tracks', type: 'jsonb', default: () => "'[]'", insert: false, update: false })
  captionTracks!: StoredCaptionTrack[];

  /** Reported by enough students: its author's only until a moderator looks (moderation/). */
  @Column({ name: 'hidden_for_review', type: 'boolean', default: false })
  hiddenForReview!: boolean;

  @Field(() => Float, { nullable: true, description: 'Seconds' })
  @Column({ type: 'double precision', nullable: true })
  duration!: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  /**
   * The organization it was posted as, by one of its officers (organizations/); its author stays
   * the person. GraphQL's `organization` resolves it.
   */
  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId!: string | null;

  @Column({ name: 'upload_id', type: 'text', nullable: true })
  uploadId!: string | null;

  @Field()
  @Column({ type: 'text', default: '' })
  caption!: string;

  @Field(() => [String])
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Field(() => [Mention], { description: 'The people the caption mentions, in the order they appear' })
  @Column({ type: 'jsonb', default: () => "'[]'" })
  mentions!: StoredMention[];

  @Field(() => Int)
  @Column({ name: 'like_count', type: 'integer', default: 0 })
  likeCount!: number;

  /** As the reader's thread shows it: posts' reads subtract the comments it hides (post-visibility.ts). */
  @Field(() => Int)
  @Column({ name: 'comment_count', type: 'integer', default: 0 })
  commentCount!: number;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  // The event the post announces, if any (all null otherwise): modules/events reads them as
  // `Post.event`. On the row so every list of posts has them without a statement more.
  @Column({ name: 'event_name', type: 'text', nullable: true })
  eventName!: string | null;

  /** The local day of the start, 'YYYY-MM-DD', in eventTimeZone. */
  @Column({ name: 'event_date', type: 'date', nullable: true })
  eventDate!: string | null;

  /** Local 'HH:MM:SS', as PostgreSQL gives a time. */
  @Column({ name: 'event_start_time', type: 'time', nullable: true })
  eventStartTime!: string | null;

  @Column({ name: 'event_end_time', type: 'time', nullable: true })
  eventEndTime!: string | null;

  @Column({ name: 'event_time_zone', type: 'text', nullable: true })
  eventTimeZone!: string | null;

  @Column({ name: 'event_starts_at', type: 'timestamptz', precision: 3, nullable: true })
  eventStartsAt!: Date | null;

  @Column({ name: 'event_ends_at', type: 'timestamptz', precision: 3, nullable: true })
  eventEndsAt!: Date | null;

  @Column({ name: 'event_place', type: 'text', nullable: true })
  eventPlace!: string | null;

  /** How many calendars hold the event now (a trigger on calendar_events keeps it). */
  @Column({ name: 'event_added_count', type: 'integer', default: 0 })
  eventAddedCount!: number;
}
