import { checkEventFields, EVENT_MESSAGES } from '@campus-clips/rules';
import type { PostEventChecker, PostEventColumns, PostEventFields } from '../posts';
import type { FieldProblems } from '../../shared/validation';
import { canonicalZone, clockIn, localInstant } from './event-time';

/**
 * The fields' rules are @campus-clips/rules' checkEventFields, the one the create-post form runs
 * (with the browser's clock); the api runs it on the clock of the event's zone and adds only what
 * needs the zone data: the zone's name, a time the clocks skip, and the instants.
 *
 * Checks a new post's event (every field at once, as `event.<field>` problems) and gives the
 * columns to store: the name (the caption's first line when empty), the local day and times as
 * given, the zone's canonical name, and the start and end instants in that zone.
 */
export function checkPostEvent(
  problems: FieldProblems,
  event: PostEventFields,
  caption: string,
  now = new Date(),
): PostEventColumns | null {
  const zone = canonicalZone(event.timeZone ?? '');
  const checked = checkEventFields(event, caption, zone ? clockIn(zone, now) : null);
  if (!checked.ok) for (const [field, message] of Object.entries(checked.problems)) problems.add(field, message);
  if (!zone) problems.add('event.timeZone', EVENT_MESSAGES.timeZoneInvalid);
  if (!checked.ok || !zone) return null;

  const { name, date, start, end, place } = checked.value;
  const startsAt = localInstant(date, start, zone);
  if (!startsAt) problems.add('event.startTime', EVENT_MESSAGES.timeSkipped);
  const endsAt = end ? localInstant(date, end, zone) : null;
  if (end && !endsAt) problems.add('event.endTime', EVENT_MESSAGES.timeSkipped);
  if (!startsAt || (end && !endsAt)) return null;
  // Where the clocks go back between start and end (or around now), the wall clock and the
  // instants can disagree: the instants are held to the same rules (start <= now has begun).
  if (endsAt && endsAt <= startsAt) problems.add('event.endTime', EVENT_MESSAGES.endNotAfterStart);
  if (startsAt <= now) problems.add('event.startTime', EVENT_MESSAGES.startsInPast);
  if ((endsAt && endsAt <= startsAt) || startsAt <= now) return null;
  return {
    eventName: name,
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
