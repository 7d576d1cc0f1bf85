import { daysBetween, dayInZone, describeEventTime, hasEnded, relativeDay, shortDay, timeRange } from './event-time';

// Thursday 26 November 2026, 10:00 in London (GMT, UTC+0 in November).
const now = new Date('2026-11-26T10:00:00Z');
const london = 'Europe/London';
/** ICU separates ranges with thin or narrow no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

function londonEvent(date: string, start: string, end?: string) {
  return {
    date,
    timeZone: london,
    startsAt: `${date}T${start}:00Z`,
    endsAt: end ? `${date}T${end}:00Z` : null,
  };
}

describe('relative day, on the event’s own calendar', () => {
  it('says Today, Tomorrow, a weekday within the week, else a short date', () => {
    expect(relativeDay(londonEvent('2026-11-26', '19:00'), now, 'en-GB')).toBe('Today');
    expect(relativeDay(londonEvent('2026-11-27', '19:00'), now, 'en-GB')).toBe('Tomorrow');
    expect(relativeDay(londonEvent('2026-11-29', '19:00'), now, 'en-GB')).toBe('Sunday');
    expect(relativeDay(londonEvent('2026-12-11', '19:00'), now, 'en-GB')).toBe('Fri 11 Dec');
    expect(relativeDay(londonEvent('2027-01-08', '19:00'), now, 'en-GB')).toBe('Fri, 8 Jan 2027');
  });

  it('counts days where the event is: just before midnight in London it is already tomorrow in Tokyo', () => {
    const lateInLondon = new Date('2026-11-26T23:30:00Z');
    const tokyo = { date: '2026-11-27', timeZone: 'Asia/Tokyo', startsAt: '2026-11-27T10:00:00Z' };
    expect(dayInZone(lateInLondon, 'Asia/Tokyo')).toBe('2026-11-27');
    expect(relativeDay(tokyo, lateInLondon, 'en-GB')).toBe('Today');
    expect(relativeDay(londonEvent('2026-11-27', '19:00'), lateInLondon, 'en-GB')).toBe('Tomorrow');
  });

  it('speaks the viewer’s language', () => {
    expect(relativeDay(londonEvent('2026-11-27', '19:00'), now, 'de-DE')).toBe('Morgen');
    expect(relativeDay(londonEvent('2026-12-11', '19:00'), now, 'en-US')).toBe('Fri, Dec 11');
  });
});

describe('time of day, on the event’s clock', () => {
  it("reads '7 pm', '7 – 9 pm' and '7:30 – 9:00 pm' in a 12-hour locale", () => {
    expect(plain(timeRange(londonEvent('2026-11-27', '19:00'), 'en-US', london))).toBe('7 pm');
    expect(plain(timeRange(londonEvent('2026-11-27', '19:00', '21:00'), 'en-US', london))).toBe('7 – 9 pm');
    expect(plain(timeRange(londonEvent('2026-11-27', '19:30', '21:00'), 'en-US', london))).toBe('7:30 – 9:00 pm');
  });

  it('keeps the minutes in a 24-hour locale', () => {
    expect(timeRange(londonEvent('2026-11-27', '19:00', '21:00'), 'en-GB', london)).toBe('19:00–21:00');
  });

  it('names the zone when the viewer is elsewhere, and keeps the event’s hour', () => {
    expect(plain(timeRange(londonEvent('2026-11-27', '19:00'), 'en-US', 'America/New_York'))).toBe('7 pm GMT');
  });

  it("puts them together: 'Tomorrow, 7 pm'", () => {
    expect(plain(describeEventTime(londonEvent('2026-11-27', '19:00'), now, 'en-US', london))).toBe('Tomorrow, 7 pm');
    expect(describeEventTime(londonEvent('2026-12-11', '19:00', '21:00'), now, 'en-GB', london)).toBe('Fri 11 Dec, 19:00–21:00');
  });
});

describe('helpers', () => {
  it('counts whole days between plain dates, across a clock change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-27', '2026-11-26')).toBe(-1);
  });

  it('an event has ended once its end, or without one its start, is past', () => {
    expect(hasEnded(londonEvent('2026-11-26', '09:00', '11:00'), now)).toBe(false);
    expect(hasEnded(londonEvent('2026-11-26', '09:00'), now)).toBe(true);
  });

  it('writes a short day for the replace question', () => {
    expect(shortDay('2026-11-27', 'en-GB')).toBe('Fri 27 Nov');
  });
});
