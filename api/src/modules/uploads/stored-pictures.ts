import { mediaUrlFor } from '../../infra/media/media-names';
import type { PictureFile } from './media-service';

/**
 * A picture's sized copies as a row keeps them (users.photo_sources): each file's store path, not
 * its URL, so the URL is built in one place (mediaUrlFor) whether the copies come from that row or
 * from media_files, and a row never holds the /media prefix.
 */
export interface StoredPicture {
  path: string;
  type: string;
  width: number;
  height: number;
}

/** The sized copies kept on a row, as the screens get them (in the order they were stored: smallest first). */
export function picturesFromStored(stored: readonly StoredPicture[]): PictureFile[] {
  return stored.map((picture) => ({ url: mediaUrlFor(picture.path), type: picture.type, width: picture.width, height: picture.height }));
}
