import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** A calendar event's name: not blank (D6), at most 200 characters once trimmed. */
export const eventNameSchema = z.string().check(
  z.trim(),
  z.refine((name) => name.length > 0, { error: MESSAGES.eventNameEmpty, abort: true }),
  atMostChars(LIMITS.eventName, MESSAGES.eventNameLong),
);

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const isoDateSchema = z.string().check(z.refine(isIsoDate, { error: MESSAGES.dateInvalid }));
