import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A file /media serves (a rendition, a poster, a profile photo), and the upload it was made from.
 * Playback serves only paths listed here, so an original or a half-written rendition is never served.
 */
@Entity('media_files')
export class MediaFile {
  @PrimaryColumn({ type: 'text' })
  path!: string;

  @Column({ name: 'upload_id', type: 'text' })
  uploadId!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
