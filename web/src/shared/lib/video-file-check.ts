/** Client-side checks of a chosen video file, with the spec's messages (§5 Video upload). */
import { checkMediaFile, checkVideoMetadata, MEDIA_FILES } from '@campus-clips/rules';

export const ACCEPTED_VIDEO_TYPES = MEDIA_FILES.video.acceptedTypes;

/** Returns the message to show, or null when the file may be uploaded. */
export function checkVideoFile(file: Pick<File, 'type' | 'size'>): string | null {
  return checkMediaFile('video', file);
}

/**
 * Once the browser has read a chosen clip's metadata: the message for a clip over 3 minutes or
 * larger than 4K (the api's words), or null. A length it cannot tell (a streamed recording reports
 * Infinity) and a picture it cannot decode (0×0) are left to the server.
 */
export function checkVideoPreview(video: Pick<HTMLVideoElement, 'duration' | 'videoWidth' | 'videoHeight'>): string | null {
  return checkVideoMetadata({ duration: video.duration, width: video.videoWidth, height: video.videoHeight });
}

/** "12.34 MB" */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
