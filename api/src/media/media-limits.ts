import type { UploadKind } from './upload.entity';

/** What each kind of upload may be: its size cap and the messages a refused file gets (spec §5, D11). */
export interface KindRules {
  maxBytes: number;
  tooLargeMessage: string;
  wrongTypeMessage: string;
  /** Shown when the bytes look right but the file cannot be decoded. */
  unreadableMessage: string;
}

const MB = 1024 * 1024;

export const MEDIA_RULES: Record<UploadKind, KindRules> = {
  video: {
    maxBytes: 100 * MB,
    tooLargeMessage: 'File size exceeds 100MB limit',
    wrongTypeMessage: 'Please select a valid video file (MP4, MOV, AVI, WMV)',
    unreadableMessage: 'This video could not be read. It may be damaged; please choose another file.',
  },
  image: {
    maxBytes: 5 * MB,
    tooLargeMessage: 'Image size should be less than 5MB',
    wrongTypeMessage: 'Please select an image file (JPEG, PNG, etc.)',
    unreadableMessage: 'This image could not be read. Please choose another file.',
  },
};

export function isUploadKind(value: unknown): value is UploadKind {
  return value === 'video' || value === 'image';
}

/** Pending uploads older than this are abandoned: tus refuses them (410) and the sweep deletes them. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
