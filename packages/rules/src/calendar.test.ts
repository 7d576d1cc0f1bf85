import { calendarDateOutOfRange, calendarDateSchema, calendarYears, eventNameSchema, isIsoDate, isoDateSchema } from './calendar';
import { checkField, problemOf } from './check';

describe('event name (D6: not blank; ≤ 200 characters)', () => {
  it('takes 200 emoji and refuses 201', () => {
    expect(checkField(eventNameSchema, '🎉'.repeat(200))).toEqual({ ok: true, value: '🎉'.repeat(200) });
    expect(problemOf(eventNameSchema, '🎉'.repeat(201))).toBe('Event name must be at most 200 characters');
  });

  it("trims, and refuses a blank name with 'Please enter an event name.'", () => {
    expect(checkField(eventNameSchema, '  Career fair ')).toEqual({ ok: true, value: 'Career fair' });
    expect(problemOf(eventNameSchema, '')).toBe('Please enter an event name.');
    expect(problemOf(eventNameSchema, '    ')).toBe('Please enter an event name.');
  });
});

describe('calendar dates (YYYY-MM-DD that exist)', () => {
  it('knows real dates from impossible or malformed ones', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate(' 2026-02-03')).toBe(false);
    expect(problemOf(isoDateSchema, '2026-13-01')).toBe('Please enter a valid date (YYYY-MM-DD)');
    expect(problemOf(isoDateSchema, '2026-12-01')).toBeUndefined();
  });
});

describe('calendar entry days (1900 to ten years ahead)', () => {
  const today = { year: 2026, month: 3, day: 14 };

  it('takes 1900-01-01 through the last day of the tenth year ahead', () => {
    for (const date of ['1900-01-01', '1999-12-31', '2026-03-14', '2036-12-31']) {
      expect(checkField(calendarDateSchema(today), date)).toEqual({ ok: true, value: date });
    }
  });

  it('refuses a day before 1900 or past the tenth year ahead, naming the years', () => {
    expect(calendarYears(today)).toEqual({ first: 1900, last: 2036 });
    for (const date of ['1899-12-31', '0001-01-01', '2037-01-01', '9999-12-31']) {
      expect(problemOf(calendarDateSchema(today), date)).toBe('Please choose a date between 1900 and 2036');
    }
    expect(calendarDateOutOfRange(today)).toBe('Please choose a date between 1900 and 2036');
  });

  it('refuses a date that does not exist as before', () => {
    expect(problemOf(calendarDateSchema(today), '2026-02-30')).toBe('Please enter a valid date (YYYY-MM-DD)');
    expect(problemOf(calendarDateSchema(today), 'Fri Nov 21 2026')).toBe('Please enter a valid date (YYYY-MM-DD)');
  });
});
