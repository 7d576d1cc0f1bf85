import * as z from 'zod/mini';
import { isIsoDate } from './calendar';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** A day on some calendar: month 1-12. Which calendar is the caller's choice (see below). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Today on the browser's own calendar: what a student sees as today's date. */
export function localCalendarDay(now: Date): CalendarDay {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** UTC+14, the time zone whose calendar day begins first. */
const EARLIEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/**
 * Today in UTC+14, the server's judge of the 17+ rule: a browser decides by its own calendar day,
 * so the server must not refuse a birthday that some student's calendar has already reached.
 */
export function earliestCalendarDay(now: Date): CalendarDay {
  const ahead = new Date(now.getTime() + EARLIEST_ZONE_AHEAD_MS);
  return { year: ahead.getUTCFullYear(), month: ahead.getUTCMonth() + 1, day: ahead.getUTCDate() };
}

/** Age in full years on `today` (the birthday itself counts); 0 for an empty, invalid or future date (spec §5). */
export function ageInYears(dateOfBirth: string, today: CalendarDay): number {
  if (!isIsoDate(dateOfBirth)) return 0;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.year - year;
  if (today.month < month || (today.month === month && today.day < day)) age--;
  return Math.max(age, 0);
}

/** The 17+ rule (§5, D8) on the calendar day `today`: each side passes its own (see above). */
export function dateOfBirthSchema(today: CalendarDay) {
  return z.string().check(z.refine((dateOfBirth) => ageInYears(dateOfBirth, today) >= LIMITS.minAge, { error: MESSAGES.underage }));
}
