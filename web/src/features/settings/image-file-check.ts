// Client-side checks of a chosen profile picture (spec §5 "Profile image"); the cap and the
// messages are @campus-clips/rules' MEDIA_FILES.image, the same the api applies.
import { checkMediaFile } from '@campus-clips/rules';

/** The message to show, or null when the file may be used. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  return checkMediaFile('image', file);
}
