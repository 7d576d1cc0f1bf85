import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** A comment: not blank, at most 1,000 characters once trimmed. */
export const commentTextSchema = z.string().check(
  z.trim(),
  z.refine((text) => text.length > 0, { error: MESSAGES.commentEmpty, abort: true }),
  atMostChars(LIMITS.comment, MESSAGES.commentLong),
);
