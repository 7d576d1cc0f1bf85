const MB = 1024 * 1024;

/**
 * What a student may upload (spec §5 "Video upload" and "Profile image"): each kind's size cap,
 * the file types accepted, and the spec's words for a refused file. The web app checks a chosen file
 * with checkMediaFile before uploading; the api applies the same caps and messages to what arrives.
 */
export const MEDIA_FILES = {
  video: {
    maxBytes: 100 * MB,
    /**
     * As the browser names them: MP4, MOV, AVI, WMV (the spec's four), and WebM, Matroska, 3GP and
     * 3G2, which browsers' and Android's recorders and older phones make. Every clip is transcoded,
     * so what the server's byte check and ffmpeg accept may be chosen. The refusal keeps the spec's
     * words, which name only the four.
     */
    acceptedTypes: [
      'video/mp4',
      'video/quicktime',
      'video/x-msvideo',
      'video/x-ms-wmv',
      'video/webm',
      'video/x-matroska',
      'video/3gpp',
      'video/3gpp2',
    ],
    tooLargeMessage: 'File size exceeds 100MB limit',
    wrongTypeMessage: 'Please select a valid video file (MP4, MOV, AVI, WMV)',
  },
  image: {
    maxBytes: 5 * MB,
    /** Any image the browser recognises; the api then reads the leading bytes itself. */
    acceptedTypePrefix: 'image/',
    tooLargeMessage: 'Image size should be less than 5MB',
    wrongTypeMessage: 'Please select an image file (JPEG, PNG, etc.)',
  },
} as const;

export type MediaKind = keyof typeof MEDIA_FILES;

function acceptedType(kind: MediaKind, type: string): boolean {
  return kind === 'video'
    ? (MEDIA_FILES.video.acceptedTypes as readonly string[]).includes(type)
    : type.startsWith(MEDIA_FILES.image.acceptedTypePrefix);
}

/** The message a chosen file gets (wrong type first, then too large), or null when it may be uploaded. */
export function checkMediaFile(kind: MediaKind, file: { type: string; size: number }): string | null {
  const rules = MEDIA_FILES[kind];
  if (!acceptedType(kind, file.type)) return rules.wrongTypeMessage;
  if (file.size > rules.maxBytes) return rules.tooLargeMessage;
  return null;
}

/**
 * What a clip may be once its length and picture are known: Campus Clips is for short clips, so at
 * most 3 minutes, and at most 4K (4096×2160, DCI and UHD alike) in either orientation. A longer or
 * larger clip would hold a transcoding worker for minutes while other students' clips wait
 * (docs/media.md "Fair transcoding"). The api checks what ffprobe reads of an upload; the web app
 * checks what the browser reads of a chosen file, when it can, before uploading.
 */
export const VIDEO_LIMITS = {
  maxDurationSeconds: 3 * 60,
  /** The long side and the short side of the picture as it is shown (rotation applied). */
  maxLongSide: 4096,
  maxShortSide: 2160,
  tooLongMessage: 'This video is longer than 3 minutes. Please choose a shorter clip.',
  tooLargePictureMessage: 'This video’s picture is larger than 4K (4096×2160). Please choose a smaller video.',
} as const;

/**
 * The message a clip of this length (seconds; null when unknown) and picture size gets, or null
 * when it may be posted. A length or size that cannot be read (0, NaN, Infinity as browsers report
 * a streamed recording) is left to the server, which reads it from the file itself.
 */
export function checkVideoMetadata(video: { duration: number | null; width: number; height: number }): string | null {
  const { duration, width, height } = video;
  if (duration !== null && Number.isFinite(duration) && duration > VIDEO_LIMITS.maxDurationSeconds) return VIDEO_LIMITS.tooLongMessage;
  if (Math.max(width, height) > VIDEO_LIMITS.maxLongSide || Math.min(width, height) > VIDEO_LIMITS.maxShortSide) {
    return VIDEO_LIMITS.tooLargePictureMessage;
  }
  return null;
}
