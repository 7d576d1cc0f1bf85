import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { mentionIdsSchema } from './mentions';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { multiLineText } from './text';

/** A comment: not blank, at most 1,000 characters once trimmed; line breaks, but no other control characters. */
export const commentTextSchema = z.string().check(
  z.trim(),
  z.refine((text) => text.length > 0, { error: MESSAGES.commentEmpty, abort: true }),
  multiLineText(TEXT_MESSAGES.comment),
  atMostChars(LIMITS.comment, MESSAGES.commentLong),
);

/** The comment box, as one check: the text and the people it mentions. */
export function checkCommentForm(form: {
  text: string;
  mentions?: readonly string[] | null;
}): FormChecked<{ text: string; mentions: string[] }> {
  return checkForm({
    text: checkField(commentTextSchema, form.text),
    mentions: checkField(mentionIdsSchema, form.mentions ? [...form.mentions] : null),
  });
}
