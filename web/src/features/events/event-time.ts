// How an event post says when it is: 'Tomorrow, 7 pm', 'Friday, 7–9 pm', 'Fri 27 Nov, 7:30 pm', in
// the viewer's language but on the event's own clock (its time zone), so a film night at 7 pm in
// London reads 7 pm wherever the viewer is (with the zone's short name when theirs differs).

export type EventTimes = {
  date: string; // YYYY-MM-DD in timeZone
  timeZone: string;
  startsAt: string; // ISO instant
  endsAt?: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from one YYYY-MM-DD to another (both plain dates, so no zone or DST is involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function capitalise(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** 'Today', 'Tomorrow', a weekday within the week ahead, else a short date ('Fri 27 Nov'). */
export function relativeDay(event: EventTimes, now: Date, locale?: string): string {
  const today = dayInZone(now, event.timeZone);
  const ahead = daysBetween(today, event.date);
  if (ahead >= -1 && ahead <= 1) {
    return capitalise(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(ahead, 'day'), locale);
  }
  // Noon UTC of the plain date names the right weekday and day in any zone.
  const day = new Date(`${event.date}T12:00:00Z`);
  if (ahead > 1 && ahead < 7) return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
  const sameYear = event.date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(day);
}

/**
 * The start time, or the start–end range, on the event's clock: '7 pm', '7–9 pm', '7:30 – 9:00 pm'
 * in a 12-hour locale; '19:00–21:00' in a 24-hour one (where a bare '19' would read oddly).
 */
export function timeRange(event: EventTimes, locale?: string, viewerTimeZone?: string): string {
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : null;
  const probe = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: event.timeZone }).resolvedOptions();
  const twelveHour = probe.hourCycle === 'h11' || probe.hourCycle === 'h12';
  const onTheHour = [start, end].every((instant) => !instant || instant.getUTCMinutes() === 0);
  const viewerZone = viewerTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const format = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    ...(twelveHour && onTheHour ? {} : { minute: '2-digit' }),
    timeZone: event.timeZone,
    ...(viewerZone !== event.timeZone ? { timeZoneName: 'short' } : {}),
  });
  const parts = end && end > start ? format.formatRangeToParts(start, end) : format.formatToParts(start);
  // English writes '7 pm' in running text; other languages keep their own day-period words.
  const lowerDayPeriod = (probe.locale ?? '').startsWith('en');
  return parts.map((part) => (part.type === 'dayPeriod' && lowerDayPeriod ? part.value.toLowerCase() : part.value)).join('');
}

/** 'Tomorrow, 7 pm' / 'Fri 27 Nov, 7–9 pm'. */
export function describeEventTime(event: EventTimes, now: Date = new Date(), locale?: string, viewerTimeZone?: string): string {
  return `${relativeDay(event, now, locale)}, ${timeRange(event, locale, viewerTimeZone)}`;
}

/** Over once its end (or, without one, its start) has passed. */
export function hasEnded(event: EventTimes, now: Date = new Date()): boolean {
  return new Date(event.endsAt ?? event.startsAt).getTime() <= now.getTime();
}

/** 'Fri 27 Nov' for the replace question, in the viewer's language. */
export function shortDay(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
