import { ValidationError } from '../shared/errors';
import { MESSAGES, isIsoDate } from '../shared/validation';

/**
 * D7: the calendar stores a real date; the REST adapter also accepts the browser's
 * date-to-string form ('Fri Nov 21 2026') and answers in the form it was given.
 */
export type DateForm = 'iso' | 'datestring';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DATE_STRING = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{2}) (\d{4})$/;

export function parseRestDate(value: unknown): { iso: string; form: DateForm } {
  if (typeof value === 'string') {
    const text = value.trim();
    if (isIsoDate(text)) return { iso: text, form: 'iso' };
    const match = DATE_STRING.exec(text);
    if (match) {
      const iso = `${match[4]}-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[3]}`;
      if (isIsoDate(iso) && formatRestDate(iso, 'datestring') === text) return { iso, form: 'datestring' };
    }
  }
  throw new ValidationError({ date: MESSAGES.dateInvalid });
}

/**
 * The form GET /api/calendar/:uid answers in. By default the spec client's own date-to-string
 * keys, so what it saved is found again after a reload; `?dates=iso` asks for YYYY-MM-DD.
 */
export function requestedDateForm(dates: unknown): DateForm {
  if (dates === undefined || dates === '') return 'datestring';
  if (dates === 'iso' || dates === 'datestring') return dates;
  throw new ValidationError({ dates: "dates must be 'iso' or 'datestring'" });
}

export function formatRestDate(iso: string, form: DateForm): string {
  if (form === 'iso') return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  const day = String(date.getUTCDate()).padStart(2, '0');
  // Four digits, as the browser writes years before 1000 ('Mon Jan 01 0001').
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} ${String(date.getUTCFullYear()).padStart(4, '0')}`;
}
