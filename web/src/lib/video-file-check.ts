/** Client-side checks of a chosen video file, with the spec's messages (§5 Video upload). */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/x-ms-wmv'] as const;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const INVALID_VIDEO_TYPE_MESSAGE = 'Please select a valid video file (MP4, MOV, AVI, WMV)';
export const VIDEO_TOO_LARGE_MESSAGE = 'File size exceeds 100MB limit';

/** Returns the message to show, or null when the file may be uploaded. */
export function checkVideoFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_VIDEO_TYPES as readonly string[]).includes(file.type)) return INVALID_VIDEO_TYPE_MESSAGE;
  if (file.size > MAX_VIDEO_BYTES) return VIDEO_TOO_LARGE_MESSAGE;
  return null;
}

/** "12.34 MB" */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
