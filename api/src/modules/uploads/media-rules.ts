import { CAPTION_FILES, MEDIA_FILES, VIDEO_LIMITS } from '@campus-clips/rules';
import type { UploadKind } from './upload.entity';

/** What each kind of upload may be: its size cap and the messages a refused file gets (spec §5, D11). */
export interface KindRules {
  maxBytes: number;
  tooLargeMessage: string;
  wrongTypeMessage: string;
  /** Shown when the bytes look right but the file cannot be decoded. */
  unreadableMessage: string;
}

/**
 * The caps and the refusal messages are @campus-clips/rules' MEDIA_FILES, the ones the web app checks
 * a chosen file with. The spec's sentences are also written out here, where the spec-copy check
 * (api/src and web/src only) reads them; each `satisfies` makes the compiler refuse any difference
 * from the package's wording, so the package stays the one source.
 */
export const MEDIA_RULES: Record<UploadKind, KindRules> = {
  video: {
    maxBytes: MEDIA_FILES.video.maxBytes,
    tooLargeMessage: 'File size exceeds 100MB limit' satisfies typeof MEDIA_FILES.video.tooLargeMessage,
    wrongTypeMessage: 'Please select a valid video file (MP4, MOV, AVI, WMV)' satisfies typeof MEDIA_FILES.video.wrongTypeMessage,
    unreadableMessage: 'This video could not be read. It may be damaged; please choose another file.',
  },
  image: {
    maxBytes: MEDIA_FILES.image.maxBytes,
    tooLargeMessage: 'Image size should be less than 5MB' satisfies typeof MEDIA_FILES.image.tooLargeMessage,
    wrongTypeMessage: 'Please select an image file (JPEG, PNG, etc.)' satisfies typeof MEDIA_FILES.image.wrongTypeMessage,
    unreadableMessage: 'This image could not be read. Please choose another file.',
  },
  /** A caption file (issue 28): text, read whole when it arrives (infra/media/caption-file.ts), whose refusal names the line to fix. */
  caption: {
    maxBytes: CAPTION_FILES.maxBytes,
    tooLargeMessage: CAPTION_FILES.tooLargeMessage,
    wrongTypeMessage: CAPTION_FILES.wrongTypeMessage,
    unreadableMessage: CAPTION_FILES.wrongTypeMessage,
  },
};

/**
 * Limits on decoding what students send (untrusted files): every ffmpeg/ffprobe run has a time
 * limit (its process group is killed past it) and few threads, and a video may be at most as long
 * and as large as @campus-clips/rules' VIDEO_LIMITS (checkVideoMetadata, the web app's check too).
 * Each refusal has the message the student sees.
 */
export const DECODE_LIMITS = {
  timeLimitMs: 30_000,
  threads: 2,
  maxDurationSeconds: VIDEO_LIMITS.maxDurationSeconds,
  tooSlowMessage: 'This file took too long to read. It may be damaged; please choose another file.',
  /** A photo is decoded in full to be resized: a bigger one could be a decompression bomb. */
  maxImageSide: 8192,
  tooLargeImageMessage: 'This image is larger than 8192×8192 pixels. Please choose a smaller image.',
};

export function isUploadKind(value: unknown): value is UploadKind {
  return value === 'video' || value === 'image' || value === 'caption';
}
