// The event part of the create-post form: what the student typed, and the api's own checks run
// in the browser first (the rules and words are @campus-clips/rules', as the api's), so a problem
// shows by its field before anything is sent. Keys are the api's: event.<field>.
import { checkEventFields } from '@campus-clips/rules';
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
  // The browser's clock is the event's: today, and the minute now running (an event must start after it).
  const checked = checkEventFields(draft, caption, { today: toDateKey(now), minutes: now.getHours() * 60 + now.getMinutes() });
  if (!checked.ok) return checked;
  const { typedName, name, date, place } = checked.value;
  const endTime = draft.endTime.trim();
  return {
    ok: true,
    value: {
      // Sent only when typed: the api fills in the caption's first line itself.
      ...(typedName ? { name } : {}),
      date,
      startTime: draft.startTime.trim(),
      ...(endTime ? { endTime } : {}),
      ...(place ? { place } : {}),
      timeZone: browserTimeZone(),
    },
  };
}
