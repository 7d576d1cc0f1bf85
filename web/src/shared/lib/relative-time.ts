// When something happened, as a student reads it: 'just now', '5 min ago', '3 h ago',
// 'Yesterday', '4 d ago', then a short date ('21 Nov', or 'Nov 21' in the US; with the year when it
// is not this year). English gets exactly these words; other languages get the browser's own
// (Intl.RelativeTimeFormat), so a German browser reads 'vor 5 Min.' and 'gestern'.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK_IN_DAYS = 7;

type When = Date | string | number;

function toDate(when: When): Date {
  return when instanceof Date ? when : new Date(when);
}

/** Whole calendar days between two instants in local time (DST days count as one). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end - start) / DAY);
}

const englishByLocale = new Map<string | undefined, boolean>();
function isEnglish(locale: string | undefined): boolean {
  let english = englishByLocale.get(locale);
  if (english === undefined) {
    english = new Intl.DateTimeFormat(locale).resolvedOptions().locale.toLowerCase().startsWith('en');
    englishByLocale.set(locale, english);
  }
  return english;
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** '21 Nov' (this year) or '21 Nov 2025', in the locale's own order. */
export function shortDate(when: When, now: When = Date.now(), locale?: string): string {
  const date = toDate(when);
  const sameYear = date.getFullYear() === toDate(now).getFullYear();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

/** The full date and time for a tooltip: 'Friday, 20 November 2026 at 12:00'. */
export function fullDateTime(when: When, locale?: string): string {
  const date = toDate(when);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

/**
 * The relative text for `when` seen at `now`; '' for an unreadable date. A time a little in the
 * future (the server's clock ahead of the phone's) reads 'just now'. `locale` defaults to the
 * browser's.
 */
export function relativeTime(when: When, now: When = Date.now(), locale?: string): string {
  const date = toDate(when);
  const current = toDate(now);
  const elapsed = current.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return '';
  const english = isEnglish(locale);
  const words = english ? null : new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });

  if (elapsed < MINUTE) return words ? capitalise(words.format(0, 'second')) : 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return words ? words.format(-minutes, 'minute') : `${minutes} min ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return words ? words.format(-hours, 'hour') : `${hours} h ago`;
  }
  const days = Math.max(1, calendarDaysBetween(date, current));
  if (days === 1) return words ? capitalise(words.format(-1, 'day')) : 'Yesterday';
  if (days < WEEK_IN_DAYS) return words ? words.format(-days, 'day') : `${days} d ago`;
  return shortDate(date, current, locale);
}
