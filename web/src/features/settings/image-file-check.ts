// Client-side checks of a chosen profile picture (spec §5 "Profile image").
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE_MESSAGE = 'Please select an image file (JPEG, PNG, etc.)';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image size should be less than 5MB';

/** The message to show, or null when the file may be used. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}
