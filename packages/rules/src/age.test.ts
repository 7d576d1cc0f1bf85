import { ageInYears, dateOfBirthSchema, earliestCalendarDay, localCalendarDay } from './age';
import { problemOf } from './check';

const UNDERAGE = 'You must be at least 17 years old to sign up';

describe('age (17+, spec §5 and D8)', () => {
  const today = { year: 2026, month: 11, day: 21 };

  it('counts full years, the birthday itself included', () => {
    expect(ageInYears('2000-11-21', today)).toBe(26);
    expect(ageInYears('2000-11-22', today)).toBe(25);
    expect(ageInYears('2000-12-01', today)).toBe(25);
    expect(ageInYears('2000-10-30', today)).toBe(26);
  });

  it('counts 0 for empty, invalid, impossible and future dates', () => {
    expect(ageInYears('', today)).toBe(0);
    expect(ageInYears('not-a-date', today)).toBe(0);
    expect(ageInYears('2001-02-30', today)).toBe(0);
    expect(ageInYears('2027-01-01', today)).toBe(0);
  });

  it('accepts a 17th birthday today and refuses one tomorrow', () => {
    const schema = dateOfBirthSchema(today);
    expect(problemOf(schema, '2009-11-21')).toBeUndefined();
    expect(problemOf(schema, '2009-11-22')).toBe(UNDERAGE);
    expect(problemOf(schema, '')).toBe(UNDERAGE);
    expect(problemOf(schema, '2030-01-01')).toBe(UNDERAGE);
  });

  it('a leap-day birthday comes of age on 1 March in other years', () => {
    expect(problemOf(dateOfBirthSchema({ year: 2025, month: 2, day: 28 }), '2008-02-29')).toBe(UNDERAGE);
    expect(problemOf(dateOfBirthSchema({ year: 2025, month: 3, day: 1 }), '2008-02-29')).toBeUndefined();
  });

  it("the server's today is UTC+14's: a calendar day that has begun anywhere", () => {
    // 10:00 UTC on 20 Nov is already 00:00 on 21 Nov in UTC+14.
    expect(earliestCalendarDay(new Date('2026-11-20T10:00:00Z'))).toEqual({ year: 2026, month: 11, day: 21 });
    expect(earliestCalendarDay(new Date('2026-11-20T09:59:59Z'))).toEqual({ year: 2026, month: 11, day: 20 });
    expect(earliestCalendarDay(new Date('2026-12-31T10:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it("the browser's today is its own calendar's", () => {
    expect(localCalendarDay(new Date(2026, 10, 21, 23, 59))).toEqual({ year: 2026, month: 11, day: 21 });
    expect(localCalendarDay(new Date(2026, 0, 1, 0, 0))).toEqual({ year: 2026, month: 1, day: 1 });
  });
});
