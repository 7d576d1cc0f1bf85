/** Client-side checks of a chosen video file, with the spec's messages (§5 Video upload). */
import { checkMediaFile, MEDIA_FILES } from '@campus-clips/rules';

export const ACCEPTED_VIDEO_TYPES = MEDIA_FILES.video.acceptedTypes;

/** Returns the message to show, or null when the file may be uploaded. */
export function checkVideoFile(file: Pick<File, 'type' | 'size'>): string | null {
  return checkMediaFile('video', file);
}

/** "12.34 MB" */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
