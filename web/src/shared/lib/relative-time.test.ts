// Relative times read against a fixed clock, in local time (dates built with the local constructor).
import { fullDateTime, relativeTime, shortDate } from './relative-time';

const now = new Date(2026, 10, 21, 15, 30); // Sat 21 Nov 2026, 15:30 local
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('relativeTime in English', () => {
  it.each([
    ['just now', ago(0)],
    ['just now', ago(59_000)],
    ['1 min ago', ago(MINUTE)],
    ['5 min ago', ago(5 * MINUTE + 10_000)],
    ['59 min ago', ago(59 * MINUTE)],
    ['1 h ago', ago(HOUR)],
    ['3 h ago', ago(3 * HOUR + 20 * MINUTE)],
    ['23 h ago', ago(23 * HOUR + 59 * MINUTE)],
  ])('says %s within a day', (text, when) => {
    expect(relativeTime(when, now, 'en-GB')).toBe(text);
    expect(relativeTime(when.toISOString(), now.getTime(), 'en-US')).toBe(text);
  });

  it("counts calendar days after a day: 'Yesterday', then 'N d ago' for a week", () => {
    expect(relativeTime(new Date(2026, 10, 20, 9, 0), now, 'en-GB')).toBe('Yesterday');
    expect(relativeTime(new Date(2026, 10, 19, 23, 0), now, 'en-GB')).toBe('2 d ago');
    expect(relativeTime(new Date(2026, 10, 17, 12, 0), now, 'en-GB')).toBe('4 d ago');
    expect(relativeTime(new Date(2026, 10, 15, 12, 0), now, 'en-GB')).toBe('6 d ago');
  });

  it('gives a short date from a week on, with the year only for another year, in the locale’s order', () => {
    expect(relativeTime(new Date(2026, 10, 14, 12, 0), now, 'en-GB')).toBe('14 Nov');
    expect(relativeTime(new Date(2026, 0, 3, 12, 0), now, 'en-US')).toBe('Jan 3');
    expect(relativeTime(new Date(2025, 10, 21, 12, 0), now, 'en-GB')).toBe('21 Nov 2025');
    expect(relativeTime(new Date(2025, 10, 21, 12, 0), now, 'en-US')).toBe('Nov 21, 2025');
  });

  it("reads a time slightly ahead of the phone's clock as 'just now', and nothing for a bad date", () => {
    expect(relativeTime(new Date(now.getTime() + 90_000), now, 'en-GB')).toBe('just now');
    expect(relativeTime('not a date', now, 'en-GB')).toBe('');
  });
});

describe('relativeTime in another language', () => {
  it("uses the browser's own words", () => {
    expect(relativeTime(ago(5 * MINUTE), now, 'de')).toBe('vor 5 Min.');
    expect(relativeTime(new Date(2026, 10, 20, 9, 0), now, 'de')).toBe('Gestern');
    expect(relativeTime(new Date(2026, 10, 14, 12, 0), now, 'de')).toBe('14. Nov.');
  });
});

describe('the dates around it', () => {
  it('gives the full date and time for the tooltip', () => {
    expect(fullDateTime(new Date(2026, 10, 20, 12, 5), 'en-GB')).toBe('Friday, 20 November 2026 at 12:05');
    expect(fullDateTime(new Date(2026, 10, 20, 12, 5), 'en-US')).toBe('Friday, November 20, 2026 at 12:05 PM');
    expect(fullDateTime('nonsense', 'en-GB')).toBe('');
  });

  it('gives a short date', () => {
    expect(shortDate(new Date(2026, 2, 1), now, 'en-GB')).toBe('1 Mar');
    expect(shortDate(new Date(2024, 2, 1), now, 'en-GB')).toBe('1 Mar 2024');
  });
});
