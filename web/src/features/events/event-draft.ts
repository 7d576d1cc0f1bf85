// The event part of the create-post form: what the student typed, and the api's own checks run
// in the browser first (the rules and words are @campus-clips/rules', as the api's), so a problem
// shows by its field before anything is sent. Keys are the api's: event.<field>.
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
import { toDateKey } from '../../shared/lib/local-date';

export type EventDraft = {
  /** The "Add an event" section is open: the post announces an event. */
  open: boolean;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  place: string;
};

export const emptyEventDraft: EventDraft = { open: false, name: '', date: '', startTime: '', endTime: '', place: '' };

/** What createPost's `event` takes (PostEventInput). */
export type EventInput = { name?: string; date: string; startTime: string; endTime?: string; place?: string; timeZone: string };

export type CheckedEvent = { ok: true; value: EventInput | null } | { ok: false; problems: Record<string, string> };

/** The browser's own IANA zone: the event's times are on this clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Every field's problem at once (as the api reports them), or the input to send: null when the
 * section is closed (an ordinary post). `now` is the browser's clock; the zone is the browser's.
 */
export function checkEventDraft(draft: EventDraft, caption: string, now: Date = new Date()): CheckedEvent {
  if (!draft.open) return { ok: true, value: null };
  const problems: Record<string, string> = {};
  const typedName = draft.name.trim();
  const named = checkField(eventNameSchema, typedName || defaultEventName(caption));
  if (!named.ok) problems['event.name'] = named.message;

  const date = draft.date.trim();
  if (!date) problems['event.date'] = EVENT_MESSAGES.dateMissing;
  else if (!isIsoDate(date)) problems['event.date'] = EVENT_MESSAGES.dateInvalid;

  const startTime = parseClockTime(draft.startTime);
  const start = startTime && minutesOfDay(startTime);
  if (!draft.startTime.trim()) problems['event.startTime'] = EVENT_MESSAGES.startTimeMissing;
  else if (start === null) problems['event.startTime'] = EVENT_MESSAGES.startTimeInvalid;

  const endText = draft.endTime.trim();
  const endTime = endText ? parseClockTime(endText) : null;
  const end = endTime && minutesOfDay(endTime);
  if (endText && end === null) problems['event.endTime'] = EVENT_MESSAGES.endTimeInvalid;
  else if (start !== null && end !== null && end <= start) problems['event.endTime'] = EVENT_MESSAGES.endNotAfterStart;

  const place = draft.place.trim();
  const placeProblem = eventPlaceProblem(place);
  if (placeProblem) problems['event.place'] = placeProblem;

  // Not in the past (a day gone, or today at an hour gone) nor over two years ahead: the browser's clock is the event's.
  if (!problems['event.date'] && start !== null) {
    const today = toDateKey(now);
    if (date < today) problems['event.date'] = EVENT_MESSAGES.startsInPast;
    else if (eventDayTooFar(date, today)) problems['event.date'] = EVENT_MESSAGES.dateTooFar;
    else if (date === today && start <= now.getHours() * 60 + now.getMinutes()) problems['event.startTime'] = EVENT_MESSAGES.startsInPast;
  }

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      // Sent only when typed: the api fills in the caption's first line itself.
      ...(typedName ? { name: named.ok ? named.value : typedName } : {}),
      date,
      startTime: draft.startTime.trim(),
      ...(endText ? { endTime: endText } : {}),
      ...(place ? { place } : {}),
      timeZone: browserTimeZone(),
    },
  };
}
