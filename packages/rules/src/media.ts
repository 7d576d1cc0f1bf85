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
