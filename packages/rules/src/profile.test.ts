import { checkField, problemOf } from './check';
import { INTEREST_CATALOGUE, interestsSchema } from './interests';
import { acceptableDisplayName, bioSchema, displayNameSchema } from './profile';

describe('display name (spec §5, D10: 2-50 characters)', () => {
  it('trims, then counts emoji as one character each', () => {
    expect(checkField(displayNameSchema, '  Ada  ')).toEqual({ ok: true, value: 'Ada' });
    expect(checkField(displayNameSchema, '🎓🎓')).toEqual({ ok: true, value: '🎓🎓' });
    expect(checkField(displayNameSchema, '🎓'.repeat(50))).toEqual({ ok: true, value: '🎓'.repeat(50) });
  });

  it("refuses a short name with the spec's words and a long one with the limit", () => {
    expect(problemOf(displayNameSchema, 'A')).toBe('Please enter your full name (minimum 2 characters)');
    expect(problemOf(displayNameSchema, '🎓')).toBe('Please enter your full name (minimum 2 characters)');
    expect(problemOf(displayNameSchema, '   A   ')).toBe('Please enter your full name (minimum 2 characters)');
    expect(problemOf(displayNameSchema, '🎓'.repeat(51))).toBe('Display name must be at most 50 characters');
    expect(problemOf(displayNameSchema, ` ${'a'.repeat(50)} `)).toBeUndefined();
  });
});

describe('bio (≤ 500 characters)', () => {
  it('takes 500 emoji and refuses 501', () => {
    expect(checkField(bioSchema, '🎉'.repeat(500))).toEqual({ ok: true, value: '🎉'.repeat(500) });
    expect(problemOf(bioSchema, '🎉'.repeat(501))).toBe('Bio must be at most 500 characters');
  });

  it('keeps the bio as typed', () => {
    expect(checkField(bioSchema, ' hi ')).toEqual({ ok: true, value: ' hi ' });
    expect(checkField(bioSchema, '')).toEqual({ ok: true, value: '' });
  });
});

describe('interests (the 31-item catalogue)', () => {
  it('holds the 31 interests of the spec', () => {
    expect(INTEREST_CATALOGUE).toHaveLength(31);
    expect(new Set(INTEREST_CATALOGUE).size).toBe(31);
    expect(INTEREST_CATALOGUE).toContain('Computer Science');
  });

  it('accepts only catalogue items, case and all, and drops repeats', () => {
    expect(checkField(interestsSchema, ['Music', 'Art', 'Music'])).toEqual({ ok: true, value: ['Music', 'Art'] });
    expect(checkField(interestsSchema, [])).toEqual({ ok: true, value: [] });
    expect(problemOf(interestsSchema, ['Music', 'Knitting'])).toBe('Please choose interests from the list');
    expect(problemOf(interestsSchema, ['music'])).toBe('Please choose interests from the list');
  });
});

describe("an identity provider's name as a display name", () => {
  it('takes the trimmed name when the display-name rule accepts it, counting an emoji as one character', () => {
    expect(acceptableDisplayName('  Grace Hopper ')).toBe('Grace Hopper');
    expect(acceptableDisplayName('🎓🎓')).toBe('🎓🎓');
    expect(acceptableDisplayName('🎓'.repeat(50))).toBe('🎓'.repeat(50));
  });

  it('leaves out a name the rule refuses rather than cutting it (no half emoji, no silent truncation)', () => {
    expect(acceptableDisplayName('🎓')).toBeUndefined();
    expect(acceptableDisplayName('🎓'.repeat(51))).toBeUndefined();
    expect(acceptableDisplayName('   ')).toBeUndefined();
    expect(acceptableDisplayName(null)).toBeUndefined();
  });
});
