import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/**
 * The people a caption or comment mentions, by id: each once, at most ten of them. More is
 * refused whole (nothing is stored), not cut, so nobody is silently left unmentioned.
 */
export const mentionIdsSchema = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.array(z.string()))),
    z.transform((ids: string[] | null | undefined) => [...new Set(ids ?? [])]),
  ),
  z.array(z.string()).check(z.refine((ids) => ids.length <= LIMITS.mentions, { error: MESSAGES.tooManyMentions })),
);
