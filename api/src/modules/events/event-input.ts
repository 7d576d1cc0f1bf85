import { charCount, checkField, eventNameSchema, isIsoDate, LIMITS, MESSAGES } from '@campus-clips/rules';
import type { PostEventChecker, PostEventColumns, PostEventFields } from '../posts';
import type { FieldProblems } from '../../shared/validation';
import { canonicalZone, localInstant, parseTime, todayIn } from './event-time';

/** An event's limits: the calendar's own for the name (it becomes the calendar entry's name). */
export const EVENT_LIMITS = { name: LIMITS.eventName, place: 200 } as const;

/** What an event post's checks say, field by field (keys `event.<field>`). */
export const EVENT_MESSAGES = {
  dateInvalid: MESSAGES.dateInvalid,
  startTimeInvalid: 'Please enter a start time as HH:MM (24-hour clock).',
  endTimeInvalid: 'Please enter an end time as HH:MM (24-hour clock).',
  endNotAfterStart: 'The event must end after it starts, on the same day.',
  timeZoneInvalid: 'Please choose a time zone such as Europe/London.',
  timeSkipped: 'That time does not exist in this time zone (the clocks change then).',
  startsInPast: 'The event cannot start in the past.',
  placeLong: `Place must be at most ${EVENT_LIMITS.place} characters`,
} as const;

/**
 * Checks a new post's event (every field at once, as `event.<field>` problems) and gives the
 * columns to store: the name (the caption's first line when empty), the local day and times as
 * given, the zone's canonical name, and the start and end instants in that zone. Not in the past.
 */
export function checkPostEvent(
  problems: FieldProblems,
  event: PostEventFields,
  caption: string,
  now = new Date(),
): PostEventColumns | null {
  let refused = false;
  const refuse = (field: string, message: string) => {
    problems.add(`event.${field}`, message);
    refused = true;
  };
  // The caption's first line, cut to the limit, when no name was given.
  const named = checkField(eventNameSchema, (event.name ?? '').trim() || firstLine(caption));
  if (!named.ok) refuse('name', named.message);
  const date = (event.date ?? '').trim();
  if (!isIsoDate(date)) refuse('date', EVENT_MESSAGES.dateInvalid);
  const start = parseTime(event.startTime ?? '');
  if (!start) refuse('startTime', EVENT_MESSAGES.startTimeInvalid);
  const endText = (event.endTime ?? '').trim();
  const end = endText ? parseTime(endText) : null;
  if (endText && !end) refuse('endTime', EVENT_MESSAGES.endTimeInvalid);
  if (start && end && end.hour * 60 + end.minute <= start.hour * 60 + start.minute) refuse('endTime', EVENT_MESSAGES.endNotAfterStart);
  const place = (event.place ?? '').trim();
  if (charCount(place) > EVENT_LIMITS.place) refuse('place', EVENT_MESSAGES.placeLong);
  const zone = canonicalZone(event.timeZone ?? '');
  if (!zone) refuse('timeZone', EVENT_MESSAGES.timeZoneInvalid);
  if (refused || !named.ok || !zone || !start) return null;

  const startsAt = localInstant(date, start, zone);
  if (!startsAt) refuse('startTime', EVENT_MESSAGES.timeSkipped);
  const endsAt = end ? localInstant(date, end, zone) : null;
  if (end && !endsAt) refuse('endTime', EVENT_MESSAGES.timeSkipped);
  // (Only where the clocks go back between start and end can the wall clock and the instants disagree.)
  if (startsAt && endsAt && endsAt <= startsAt) refuse('endTime', EVENT_MESSAGES.endNotAfterStart);
  // On a day already gone, or today at an hour already gone.
  if (startsAt && startsAt < now) refuse(date < todayIn(zone, now) ? 'date' : 'startTime', EVENT_MESSAGES.startsInPast);
  if (refused || !startsAt) return null;
  return {
    eventName: named.value,
    eventDate: date,
    eventStartTime: `${pad(start.hour)}:${pad(start.minute)}`,
    eventEndTime: end ? `${pad(end.hour)}:${pad(end.minute)}` : null,
    eventTimeZone: zone,
    eventStartsAt: startsAt,
    eventEndsAt: endsAt,
    eventPlace: place || null,
  };
}

/** The events module's checker, for the posts service (its PostEventChecker port). */
export const postEventChecker: PostEventChecker = {
  check: (problems, event, caption) => checkPostEvent(problems, event, caption),
};

/** The caption's first non-blank line, trimmed and cut to the name's limit (in characters, not UTF-16 units). */
export function firstLine(caption: string): string {
  const line = caption.split(/\r?\n/).find((text) => text.trim()) ?? '';
  return Array.from(line.trim()).slice(0, EVENT_LIMITS.name).join('').trim();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
