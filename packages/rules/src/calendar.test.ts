import { eventNameSchema, isIsoDate, isoDateSchema } from './calendar';
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
