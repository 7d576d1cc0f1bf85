import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/**
 * What a student searches for: at most 100 characters once trimmed. Nothing else is refused: a
 * search is not stored, and the api matches only its letters and digits (modules/search).
 */
export const searchQuerySchema = z.string().check(z.trim(), atMostChars(LIMITS.searchQuery, MESSAGES.searchLong));

/** The search box, as one check (the api's argument is `q`). */
export function checkSearchForm(form: { q: string }): FormChecked<{ q: string }> {
  return checkForm({ q: checkField(searchQuerySchema, form.q) });
}
