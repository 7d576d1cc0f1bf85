import { MEDIA_FILES } from '@campus-clips/rules';
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
};

/**
 * Limits on decoding what students send (untrusted files): every ffmpeg/ffprobe run has a time
 * limit (its process group is killed past it) and few threads, and a video may be at most this long
 * and this large. Each refusal has the message the student sees.
 */
export const DECODE_LIMITS = {
  timeLimitMs: 30_000,
  threads: 2,
  maxDurationSeconds: 10 * 60,
  maxWidth: 4096,
  maxHeight: 4096,
  tooLongMessage: 'This video is longer than 10 minutes. Please choose a shorter clip.',
  tooLargePictureMessage: 'This video’s picture is larger than 4096×4096. Please choose a smaller video.',
  tooSlowMessage: 'This file took too long to read. It may be damaged; please choose another file.',
  /** A photo is decoded in full to be resized: a bigger one could be a decompression bomb. */
  maxImageSide: 8192,
  tooLargeImageMessage: 'This image is larger than 8192×8192 pixels. Please choose a smaller image.',
};

export function isUploadKind(value: unknown): value is UploadKind {
  return value === 'video' || value === 'image';
}
