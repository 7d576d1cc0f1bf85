import * as z from 'zod/mini';
import { atMostChars } from './characters';
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
