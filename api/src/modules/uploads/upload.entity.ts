import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { UploadKind } from '../../infra/media/sniff-media-type';

export type { UploadKind };

/** A tus upload and, once complete, the media file it became. */
@Entity('uploads')
export class Upload {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'owner_uid', type: 'text' })
  ownerUid!: string;

  @Column({ type: 'text' })
  kind!: UploadKind;

  @Column({ name: 'file_name', type: 'text', default: '' })
  fileName!: string;

  /** Path inside the media store, e.g. videos/1763700000000-clip.mp4; for a video, the name its post is created with (its renditions sit beside it). */
  @Column({ name: 'media_path', type: 'text', nullable: true })
  mediaPath!: string | null;

  /** A video as received, kept for transcoding under originals/ (never served). */
  @Column({ name: 'original_path', type: 'text', nullable: true })
  originalPath!: string | null;

  @Column({ name: 'poster_path', type: 'text', nullable: true })
  posterPath!: string | null;

  @Column({ name: 'content_type', type: 'text', nullable: true })
  contentType!: string | null;

  @Column({ type: 'bigint', nullable: true })
  size!: string | null;

  @Column({ type: 'double precision', nullable: true })
  duration!: number | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  @Column({ type: 'text', default: 'pending' })
  status!: 'pending' | 'complete';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', precision: 3, nullable: true })
  completedAt!: Date | null;
}
