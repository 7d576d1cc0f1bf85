import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { CaptionCue } from '../../infra/media/caption-file';

/** One clip's captions in one language (migration 1764828000000): its file, and its cues as text for the transcript. */
@Entity('caption_tracks')
export class CaptionTrackRow {
  @PrimaryColumn({ name: 'post_id', type: 'uuid' })
  postId!: string;

  /** BCP 47, canonical ('en', 'pt-BR'): one track per language. */
  @PrimaryColumn({ type: 'text' })
  language!: string;

  @Column({ type: 'text' })
  label!: string;

  /** `/media/captions/….vtt`, served as the clip's renditions are (media_files, under the video's upload). */
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  source!: 'upload' | 'clip';

  @Column({ type: 'jsonb', default: () => "'[]'" })
  cues!: CaptionCue[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
