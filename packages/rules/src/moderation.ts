import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { multiLineText } from './text';

/** A report's details: optional, at most 1,000 characters once trimmed; line breaks, no other control characters. */
export const reportDetailsSchema = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((text: string | null | undefined) => text ?? ''),
  ),
  z.string().check(z.trim(), multiLineText(TEXT_MESSAGES.reportDetails), atMostChars(LIMITS.reportDetails, MESSAGES.reportDetailsLong)),
);

/** A moderator's note: the author is told it, so a decision needs one (lifting a suspension may go without). */
export function moderatorNoteSchema(required: boolean) {
  return z.string().check(
    z.trim(),
    z.refine((note) => !required || note.length > 0, { error: MESSAGES.moderatorNoteMissing, abort: true }),
    multiLineText(TEXT_MESSAGES.moderatorNote),
    atMostChars(LIMITS.moderatorNote, MESSAGES.moderatorNoteLong),
  );
}

/** A suspension's length: a whole number of days from 1 to 3,650, or none (null) for good. */
export const suspensionDaysSchema = z.nullable(
  // NaN (what the days box gives for anything but a number) is no number to zod: the same words.
  z.number({ error: MESSAGES.suspensionDaysInvalid }).check(
    z.refine((days) => Number.isInteger(days) && days >= LIMITS.suspensionDays.min && days <= LIMITS.suspensionDays.max, {
      error: MESSAGES.suspensionDaysInvalid,
    }),
  ),
);

/** The report form: its details (the reason is a choice from a list, so it cannot be wrong). */
export function checkReportForm(form: { details?: string | null }): FormChecked<{ details: string }> {
  return checkForm({ details: checkField(reportDetailsSchema, form.details) });
}

/**
 * A moderator's decision form: the note (required unless `noteRequired` is false) and, for a
 * suspension, the days (null or absent: for good). The form sends what the moderator typed in the
 * days box as a number (NaN for anything else, which is refused).
 */
export function checkModerationForm(
  form: { note: string; days?: number | null },
  { noteRequired = true }: { noteRequired?: boolean } = {},
): FormChecked<{ note: string; days: number | null }> {
  return checkForm({
    note: checkField(moderatorNoteSchema(noteRequired), form.note),
    days: checkField(suspensionDaysSchema, form.days ?? null),
  });
}
