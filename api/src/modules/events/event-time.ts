import type { ClockTime, EventClock } from '@campus-clips/rules';
import { DateTime, IANAZone } from 'luxon';

/**
 * Local day and time in an IANA zone <-> instants, in one place. An event keeps the wall-clock
 * time its author gave in the zone they were in ('19:00' in 'Europe/London'); its instants are
 * computed from those once, when the post is made.
 */

/** The zone's canonical IANA name ('europe/london' -> 'Europe/London'), or null for one that is not an IANA zone. */
export function canonicalZone(zone: string): string | null {
  const name = zone.trim();
  // Offsets such as '+01:00' are not places: they know no summer time, so they are refused.
  if (!name || name.length > 64 || !/^[A-Za-z]/.test(name) || !IANAZone.isValidZone(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The instant of a local day and time in `zone`; null when that time does not exist there (the
 * hour skipped when clocks go forward). A time that happens twice (clocks going back) is the
 * one luxon picks (the later, standard-time one).
 */
export function localInstant(date: string, time: ClockTime, zone: string): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = DateTime.fromObject({ year, month, day, hour: time.hour, minute: time.minute }, { zone });
  if (!local.isValid || local.hour !== time.hour || local.minute !== time.minute || local.day !== day) return null;
  return local.toJSDate();
}

/** Now on the wall clock of `zone`: its day and the minutes since midnight (what checkEventFields judges "the past" by). */
export function clockIn(zone: string, now = new Date()): EventClock {
  const local = DateTime.fromJSDate(now, { zone });
  return { today: local.toISODate()!, minutes: local.hour * 60 + local.minute };
}

/** PostgreSQL's time ('19:00:00') as 'HH:MM'. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}
