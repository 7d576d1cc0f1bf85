import {
  checkField,
  defaultEventName,
  eventDayTooFar,
  EVENT_MESSAGES,
  eventNameSchema,
  eventPlaceProblem,
  isIsoDate,
  minutesOfDay,
  parseClockTime,
} from '@campus-clips/rules';
import type { PostEventChecker, PostEventColumns, PostEventFields } from '../posts';
import type { FieldProblems } from '../../shared/validation';
import { canonicalZone, localInstant, todayIn } from './event-time';

/**
 * The words and the field rules are @campus-clips/rules' (the create-post form runs them first);
 * the zone, the clocks' changes and the instants are the api's alone.
 *
 * Checks a new post's event (every field at once, as `event.<field>` problems) and gives the
 * columns to store: the name (the caption's first line when empty), the local day and times as
 * given, the zone's canonical name, and the start and end instants in that zone. Not in the past,
 * nor more than two years ahead (both judged on the day in the event's zone, as the form does on
 * the browser's).
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
  const named = checkField(eventNameSchema, (event.name ?? '').trim() || defaultEventName(caption));
  if (!named.ok) refuse('name', named.message);
  const date = (event.date ?? '').trim();
  if (!isIsoDate(date)) refuse('date', EVENT_MESSAGES.dateInvalid);
  const start = parseClockTime(event.startTime ?? '');
  if (!start) refuse('startTime', EVENT_MESSAGES.startTimeInvalid);
  const endText = (event.endTime ?? '').trim();
  const end = endText ? parseClockTime(endText) : null;
  if (endText && !end) refuse('endTime', EVENT_MESSAGES.endTimeInvalid);
  if (start && end && minutesOfDay(end) <= minutesOfDay(start)) refuse('endTime', EVENT_MESSAGES.endNotAfterStart);
  const place = (event.place ?? '').trim();
  const placeProblem = eventPlaceProblem(place);
  if (placeProblem) refuse('place', placeProblem);
  const zone = canonicalZone(event.timeZone ?? '');
  if (!zone) refuse('timeZone', EVENT_MESSAGES.timeZoneInvalid);
  if (zone && isIsoDate(date) && eventDayTooFar(date, todayIn(zone, now))) refuse('date', EVENT_MESSAGES.dateTooFar);
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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
