import { createLocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import { createS3MediaStore, type S3Config } from './s3-media-store';

/** The media store the settings name: an S3-compatible bucket when configured, else the media folder on disk. */
export function openMediaStore(settings: { s3: S3Config | null; mediaDir: string }): Promise<MediaStore> {
  return settings.s3 ? createS3MediaStore(settings.s3) : createLocalMediaStore(settings.mediaDir);
}
