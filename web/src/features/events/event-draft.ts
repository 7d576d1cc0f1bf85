// The event part of the create-post form: what the student typed, and the api's own checks run
// in the browser first (modules/events/event-input.ts holds the same rules and words), so a
// problem shows by its field before anything is sent. Keys are the api's: event.<field>.
import { charCount, checkField, eventNameSchema, isIsoDate, LIMITS, MESSAGES } from '@campus-clips/rules';
import { toDateKey } from '../../shared/lib/local-date';

export const EVENT_PLACE_LIMIT = 200;

export const EVENT_MESSAGES = {
  dateMissing: 'Please choose the day of the event.',
  dateInvalid: MESSAGES.dateInvalid,
  startTimeMissing: 'Please choose a start time.',
  startTimeInvalid: 'Please enter a start time as HH:MM (24-hour clock).',
  endTimeInvalid: 'Please enter an end time as HH:MM (24-hour clock).',
  endNotAfterStart: 'The event must end after it starts, on the same day.',
  startsInPast: 'The event cannot start in the past.',
  placeLong: `Place must be at most ${EVENT_PLACE_LIMIT} characters`,
} as const;

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

/** The name an event gets when none is typed: the caption's first non-blank line, trimmed, cut to the limit. */
export function defaultEventName(caption: string): string {
  const line = caption.split(/\r?\n/).find((text) => text.trim()) ?? '';
  return Array.from(line.trim()).slice(0, LIMITS.eventName).join('').trim();
}

function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? hour * 60 + minute : null;
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

  const start = minutesOf(draft.startTime);
  if (!draft.startTime.trim()) problems['event.startTime'] = EVENT_MESSAGES.startTimeMissing;
  else if (start === null) problems['event.startTime'] = EVENT_MESSAGES.startTimeInvalid;

  const endText = draft.endTime.trim();
  const end = endText ? minutesOf(endText) : null;
  if (endText && end === null) problems['event.endTime'] = EVENT_MESSAGES.endTimeInvalid;
  else if (start !== null && end !== null && end <= start) problems['event.endTime'] = EVENT_MESSAGES.endNotAfterStart;

  const place = draft.place.trim();
  if (charCount(place) > EVENT_PLACE_LIMIT) problems['event.place'] = EVENT_MESSAGES.placeLong;

  // Not in the past: a day gone, or today at an hour gone (the browser's clock is the event's).
  if (!problems['event.date'] && start !== null) {
    const today = toDateKey(now);
    if (date < today) problems['event.date'] = EVENT_MESSAGES.startsInPast;
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
