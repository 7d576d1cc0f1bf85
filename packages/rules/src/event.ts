import { eventNameSchema, isIsoDate } from './calendar';
import { checkField } from './check';
import { charCount } from './characters';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { singleLineTextProblem } from './text';

/**
 * What an event post's checks say, field by field (as `event.<field>` problems): the same words
 * from the create-post form and from the api. The form adds the two for fields left empty; the api
 * adds the two only it can know (the zone's name, a time the clocks skip).
 */
export const EVENT_MESSAGES = {
  dateMissing: 'Please choose the day of the event.',
  dateInvalid: MESSAGES.dateInvalid,
  startTimeMissing: 'Please choose a start time.',
  startTimeInvalid: 'Please enter a start time as HH:MM (24-hour clock).',
  endTimeInvalid: 'Please enter an end time as HH:MM (24-hour clock).',
  endNotAfterStart: 'The event must end after it starts, on the same day.',
  timeZoneInvalid: 'Please choose a time zone such as Europe/London.',
  timeSkipped: 'That time does not exist in this time zone (the clocks change then).',
  startsInPast: 'The event cannot start in the past.',
  dateTooFar: `The event must be within ${LIMITS.eventYearsAhead} years from today.`,
  placeLong: `Place must be at most ${LIMITS.eventPlace} characters`,
} as const;

export type ClockTime = { hour: number; minute: number };

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '19:05' → { hour: 19, minute: 5 }; null unless HH:MM on a 24-hour clock ('7pm', '24:00', '9:05'). */
export function parseClockTime(text: string): ClockTime | null {
  const match = CLOCK_TIME.exec(text.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** Minutes since midnight, to compare two times of one day. */
export function minutesOfDay(time: ClockTime): number {
  return time.hour * 60 + time.minute;
}

/**
 * The name an event gets when none is typed: the caption's first non-blank line, trimmed, cut to
 * the limit (in characters). A caption may hold tabs, a name may not: they become spaces.
 */
export function defaultEventName(caption: string): string {
  const line = caption.split(/\r\n|\r|\n/).find((text) => text.trim()) ?? '';
  return Array.from(line.replaceAll('\t', ' ').trim()).slice(0, LIMITS.eventName).join('').trim();
}

/** The place's problem, if any, once trimmed (it may be empty): one line of at most 200 characters, without control or text-direction characters. */
export function eventPlaceProblem(place: string): string | undefined {
  const trimmed = place.trim();
  const problem = singleLineTextProblem(trimmed, TEXT_MESSAGES.place);
  if (problem) return problem;
  return charCount(trimmed) > LIMITS.eventPlace ? EVENT_MESSAGES.placeLong : undefined;
}

/**
 * The last day an event may be on: two years from `today` (YYYY-MM-DD), today being the day on the
 * event's own clock (the browser's; the api's in the event's zone). 29 February gives 28 February.
 */
export function lastEventDay(today: string): string {
  const [year, month, day] = today.split('-');
  const later = `${Number(year) + LIMITS.eventYearsAhead}-${month}-${day}`;
  return isIsoDate(later) ? later : `${Number(year) + LIMITS.eventYearsAhead}-${month}-28`;
}

/** Whether an event's day (YYYY-MM-DD) is beyond lastEventDay(today). */
export function eventDayTooFar(date: string, today: string): boolean {
  return date > lastEventDay(today);
}

/** What the event part of the create-post form holds (and what the api's PostEventInput sends). */
export type EventFields = {
  name?: string | null;
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  place?: string | null;
};

/**
 * "Now" on the event's own clock: its day (YYYY-MM-DD) and the minutes since midnight. The form
 * reads the browser's clock; the api reads the clock of the event's zone (it has the zone data).
 */
export type EventClock = { today: string; minutes: number };

/** An event's fields once they keep every rule: the name to store (typed or from the caption), the day, the times and the place (trimmed, maybe empty). */
export type CheckedEventFields = {
  name: string;
  /** The name as typed (trimmed): empty when the caption's first line names the event. */
  typedName: string;
  date: string;
  start: ClockTime;
  end: ClockTime | null;
  place: string;
};

/**
 * The event check of the create-post form, the same in the browser and the api: every field's
 * problem at once, keyed as the api reports them (`event.<field>`), or the cleaned fields.
 *
 * An event must start in the future: a day already gone, or today at a minute that has begun
 * (start <= now), is refused. Both sides judge minutes on the event's wall clock, the only
 * precision the form has; an event whose first minute is running has started. Nor may it be more
 * than two years ahead. Without a clock (the api, for a zone it does not know) only the fields
 * themselves are judged.
 */
export function checkEventFields(
  fields: EventFields,
  caption: string,
  clock: EventClock | null,
): { ok: true; value: CheckedEventFields } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const typedName = (fields.name ?? '').trim();
  const named = checkField(eventNameSchema, typedName || defaultEventName(caption));
  if (!named.ok) problems['event.name'] = named.message;

  const date = (fields.date ?? '').trim();
  if (!date) problems['event.date'] = EVENT_MESSAGES.dateMissing;
  else if (!isIsoDate(date)) problems['event.date'] = EVENT_MESSAGES.dateInvalid;

  const startText = (fields.startTime ?? '').trim();
  const start = parseClockTime(startText);
  if (!startText) problems['event.startTime'] = EVENT_MESSAGES.startTimeMissing;
  else if (!start) problems['event.startTime'] = EVENT_MESSAGES.startTimeInvalid;

  const endText = (fields.endTime ?? '').trim();
  const end = endText ? parseClockTime(endText) : null;
  if (endText && !end) problems['event.endTime'] = EVENT_MESSAGES.endTimeInvalid;
  else if (start && end && minutesOfDay(end) <= minutesOfDay(start)) problems['event.endTime'] = EVENT_MESSAGES.endNotAfterStart;

  const place = (fields.place ?? '').trim();
  const placeProblem = eventPlaceProblem(place);
  if (placeProblem) problems['event.place'] = placeProblem;

  if (clock && !problems['event.date']) {
    if (date < clock.today) problems['event.date'] = EVENT_MESSAGES.startsInPast;
    else if (eventDayTooFar(date, clock.today)) problems['event.date'] = EVENT_MESSAGES.dateTooFar;
    else if (start && date === clock.today && minutesOfDay(start) <= clock.minutes)
      problems['event.startTime'] = EVENT_MESSAGES.startsInPast;
  }

  if (!named.ok || !start || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { name: named.value, typedName, date, start, end, place } };
}
