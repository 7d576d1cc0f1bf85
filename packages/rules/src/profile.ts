import * as z from 'zod/mini';
import { atLeastChars, atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { interestsSchema } from './interests';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { multiLineText, singleLineText } from './text';

/**
 * A display name (the sign-up form's Full Name, Settings' Username): one line of 2-50 characters
 * once trimmed, without control or text-direction characters (text.ts).
 */
export const displayNameSchema = z
  .string()
  .check(
    z.trim(),
    singleLineText(TEXT_MESSAGES.displayName),
    atLeastChars(LIMITS.displayName.min, MESSAGES.displayNameShort),
    atMostChars(LIMITS.displayName.max, MESSAGES.displayNameLong),
  );

/** A bio: at most 500 characters, kept as typed (not trimmed); line breaks, but no other control characters. */
export const bioSchema = z.string().check(multiLineText(TEXT_MESSAGES.bio), atMostChars(LIMITS.bio, MESSAGES.bioLong));

/**
 * A name from the identity provider (Google's, the sign-up form's) as a display name: the trimmed
 * name when it passes the display-name rule, else undefined (the student is then asked for one).
 */
export function acceptableDisplayName(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const checked = checkField(displayNameSchema, name);
  return checked.ok ? checked.value : undefined;
}

/** Settings' profile form: the display name, the bio and the interests, as one check. */
export function checkProfileForm(form: {
  displayName: string;
  bio: string;
  interests: string[];
}): FormChecked<{ displayName: string; bio: string; interests: string[] }> {
  return checkForm({
    displayName: checkField(displayNameSchema, form.displayName),
    bio: checkField(bioSchema, form.bio),
    interests: checkField(interestsSchema, form.interests),
  });
}
