import { z } from 'zod';
import { ValidationError } from '../../shared/errors';
import { fieldKinds, must } from '../../shared/rest/request-schemas';
import { MESSAGES, isIsoDate } from '../../shared/validation';

/**
 * D7: the calendar stores a real date; the REST routes also accept the browser's
 * date-to-string form ('Fri Nov 21 2026') and answer in the form they were given.
 */
export type DateForm = 'iso' | 'datestring';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DATE_STRING = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{2}) (\d{4})$/;

export function parseRestDate(value: unknown): { iso: string; form: DateForm } {
  const date = readRestDate(value);
  if (!date) throw new ValidationError({ date: MESSAGES.dateInvalid });
  return date;
}

function readRestDate(value: unknown): { iso: string; form: DateForm } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (isIsoDate(text)) return { iso: text, form: 'iso' };
  const match = DATE_STRING.exec(text);
  if (!match) return null;
  const iso = `${match[4]}-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[3]}`;
  return isIsoDate(iso) && formatRestDate(iso, 'datestring') === text ? { iso, form: 'datestring' } : null;
}

/** A request's day, in either form (required). */
export const restDate = z
  .unknown()
  .transform((value, context) => {
    const date = readRestDate(value);
    if (date) return date;
    context.issues.push({ code: 'custom', message: MESSAGES.dateInvalid, input: value });
    return z.NEVER;
  })
  .register(fieldKinds, { kind: 'date' });

/**
 * The form GET /api/calendar/:uid answers in. By default the spec client's own date-to-string
 * keys, so what it saved is found again after a reload; `?dates=iso` asks for YYYY-MM-DD.
 */
export const requestedDateForm = z.preprocess(
  (dates) => (dates === undefined || dates === '' ? 'datestring' : dates),
  z.enum(['iso', 'datestring'], { error: must("'iso' or 'datestring'") }),
);

export function formatRestDate(iso: string, form: DateForm): string {
  if (form === 'iso') return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  const day = String(date.getUTCDate()).padStart(2, '0');
  // Four digits, as the browser writes years before 1000 ('Mon Jan 01 0001').
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} ${String(date.getUTCFullYear()).padStart(4, '0')}`;
}
