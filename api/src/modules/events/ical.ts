import ical, { type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/**
 * The iCalendar (RFC 5545) writer: ical-generator does the format (CRLF, folding at 75 octets,
 * escaping of , ; \ and newlines, UID, DTSTAMP), timezones-ical-library the VTIMEZONE of each
 * zone an event is in, so calendar apps show the time in the zone it was made in. (That library
 * follows each IANA tz release; the package it replaced had its last release in December 2024,
 * so a zone whose rules changed since would have been written with the old rules.)
 */

/** The zones the library knows: it logs an error for any other, so it is only asked about these. */
const KNOWN_ZONES = new Set(tzlib_get_timezones() as string[]);

/** A timed event (an event post). */
export interface IcsTimedEvent {
  uid: string;
  name: string;
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  place: string | null;
  /** The post's page. */
  url: string;
  description?: string;
}

/** An all-day entry (a plain calendar day). */
export interface IcsDayEvent {
  uid: string;
  date: string;
  name: string;
}

const PRODUCT = { company: 'Campus Clips', product: 'Campus Clips', language: 'EN' };

export function icsCalendar(options: { name?: string; timed: IcsTimedEvent[]; days: IcsDayEvent[]; now?: Date }): string {
  const calendar: ICalCalendar = ical({ prodId: PRODUCT, ...(options.name ? { name: options.name } : {}) });
  calendar.timezone({ name: null, generator: vtimezoneOf });
  const stamp = options.now ?? new Date();
  for (const event of options.timed) {
    const zoned = vtimezoneOf(event.timeZone) !== null;
    const start = DateTime.fromJSDate(event.startsAt, { zone: event.timeZone });
    calendar.createEvent({
      id: event.uid,
      stamp,
      summary: event.name,
      // In the author's zone with its VTIMEZONE; as UTC for a zone the tables do not know (still the right instant).
      ...(zoned ? { timezone: event.timeZone, start } : { start: event.startsAt }),
      end: event.endsAt ? (zoned ? DateTime.fromJSDate(event.endsAt, { zone: event.timeZone }) : event.endsAt) : null,
      location: event.place ?? null,
      url: event.url,
      description: event.description ?? null,
    });
  }
  for (const day of options.days) {
    const [year, month, date] = day.date.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: day.uid,
      stamp,
      summary: day.name,
      allDay: true,
      // A UTC midnight written as the plain date (VALUE=DATE): the day itself, whatever the server's zone.
      start: DateTime.fromObject({ year, month, day: date }, { zone: 'UTC' }),
    });
  }
  return calendar.toString();
}

/**
 * The zone's VTIMEZONE, or null when the tables do not have it under that very TZID (they give
 * 'UTC' as 'Etc/UTC', and an alias as its canonical zone; an event's TZID must name its own VTIMEZONE).
 */
function vtimezoneOf(zone: string): string | null {
  if (zone === 'UTC' || zone === 'Etc/UTC' || !KNOWN_ZONES.has(zone)) return null;
  const [component] = tzlib_get_ical_block(zone) as string[];
  if (!component || !component.includes(`TZID:${zone}\r\n`)) return null;
  return component;
}

/** A file name for a download: letters, digits, '-' and '_' only (from the event's name), never empty. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return cleaned || 'event';
}
