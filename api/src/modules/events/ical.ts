import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';

/**
 * The iCalendar (RFC 5545) writer: ical-generator does the format (CRLF, folding at 75 octets,
 * escaping of , ; \ and newlines, UID, DTSTAMP), @touch4it/ical-timezones the VTIMEZONE of each
 * zone an event is in, so calendar apps show the time in the zone it was made in.
 */

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
 * 'UTC' as 'Etc/UTC'; an event's TZID must name its own VTIMEZONE).
 */
function vtimezoneOf(zone: string): string | null {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null;
  const component = getVtimezoneComponent(zone);
  if (!component || (!component.includes(`TZID:${zone}\r\n`) && !component.includes(`TZID:${zone}\n`))) return null;
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
