import * as z from 'zod/mini';
import type { CalendarDay } from './age';
import { atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { singleLineText } from './text';

/**
 * A calendar event's name (a calendar entry's, an event post's): not blank (D6), one line of at
 * most 200 characters once trimmed, without control or text-direction characters (text.ts).
 */
export const eventNameSchema = z.string().check(
  z.trim(),
  z.refine((name) => name.length > 0, { error: MESSAGES.eventNameEmpty, abort: true }),
  singleLineText(TEXT_MESSAGES.eventName),
  atMostChars(LIMITS.eventName, MESSAGES.eventNameLong),
);

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const isoDateSchema = z.string().check(z.refine(isIsoDate, { error: MESSAGES.dateInvalid }));

/** The years a calendar entry may be in, `today` being the judge's calendar day (see calendarDateSchema). */
export function calendarYears(today: CalendarDay): { first: number; last: number } {
  return { first: LIMITS.calendarYears.first, last: today.year + LIMITS.calendarYears.ahead };
}

/** The message for a day outside calendarYears. */
export function calendarDateOutOfRange(today: CalendarDay): string {
  const { first, last } = calendarYears(today);
  return `Please choose a date between ${first} and ${last}`;
}

/**
 * A calendar entry's day: a real date (YYYY-MM-DD) in the years 1900 to ten years from now. A
 * student's planner has no use for earlier or later days, and a bound keeps a stray year (0001,
 * 9999) out of their calendar and its feed. The browser judges by its own calendar day; the api by
 * the earliest zone's (earliestCalendarDay), so it never refuses a year some browser has reached.
 */
export function calendarDateSchema(today: CalendarDay) {
  const { first, last } = calendarYears(today);
  return z.string().check(
    z.refine(isIsoDate, { error: MESSAGES.dateInvalid, abort: true }),
    z.refine(
      (date) => {
        const year = Number(date.slice(0, 4));
        return year >= first && year <= last;
      },
      { error: calendarDateOutOfRange(today) },
    ),
  );
}

/**
 * The calendar's entry form: a day within the years calendarYears(today) allows and a name.
 * `today` is the browser's day in the form, the earliest day any calendar shows in the api.
 */
export function checkCalendarEntryForm(
  form: { date: string; name: string },
  today: CalendarDay,
): FormChecked<{ date: string; name: string }> {
  return checkForm({ date: checkField(calendarDateSchema(today), form.date), name: checkField(eventNameSchema, form.name) });
}
