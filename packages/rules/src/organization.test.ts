import { checkField, problemOf } from './check';
import { MESSAGES } from './messages';
import {
  ORGANIZATION_CATEGORIES,
  checkOrganizationEditForm,
  checkOrganizationForm,
  organizationDescriptionSchema,
  organizationNameSchema,
  organizationSlugFrom,
  organizationSlugSchema,
} from './organization';

describe('organization name (2-60 characters, one line)', () => {
  it('trims, counts emoji as one, refuses too short, too long and line breaks', () => {
    expect(checkField(organizationNameSchema, '  Chess Club ')).toEqual({ ok: true, value: 'Chess Club' });
    expect(checkField(organizationNameSchema, '♟'.repeat(60))).toEqual({ ok: true, value: '♟'.repeat(60) });
    expect(problemOf(organizationNameSchema, ' a ')).toBe(MESSAGES.organizationNameShort);
    expect(problemOf(organizationNameSchema, 'a'.repeat(61))).toBe('Organization name must be at most 60 characters');
    expect(problemOf(organizationNameSchema, 'Chess\nClub')).toBe('Organization name must be on one line');
  });
});

describe('organization address (slug: 3-40 of a-z, 0-9 and -)', () => {
  it('lowercases and trims; refuses other characters, edges with a hyphen, lengths out of range and reserved words', () => {
    expect(checkField(organizationSlugSchema, ' Chess-Club ')).toEqual({ ok: true, value: 'chess-club' });
    expect(checkField(organizationSlugSchema, 'a1b')).toEqual({ ok: true, value: 'a1b' });
    expect(checkField(organizationSlugSchema, 'a'.repeat(40))).toEqual({ ok: true, value: 'a'.repeat(40) });
    for (const bad of ['ab', 'a'.repeat(41), '-chess', 'chess-', 'chess club', 'échecs', 'chess_club', '']) {
      expect({ bad, problem: problemOf(organizationSlugSchema, bad) }).toEqual({ bad, problem: MESSAGES.organizationSlugInvalid });
    }
    expect(problemOf(organizationSlugSchema, 'NEW')).toBe(MESSAGES.organizationSlugReserved);
  });

  it('is suggested from a name', () => {
    expect(organizationSlugFrom('Chess & Go Club!')).toBe('chess-go-club');
    expect(organizationSlugFrom('Société Générale')).toBe('societe-generale');
    expect(organizationSlugFrom('日本')).toBe('');
    expect(organizationSlugFrom(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });
});

describe('organization description (≤ 1,000 characters)', () => {
  it('may be empty or absent, keeps line breaks, refuses 1,001', () => {
    expect(checkField(organizationDescriptionSchema, null)).toEqual({ ok: true, value: '' });
    expect(checkField(organizationDescriptionSchema, 'Line one\nLine two ')).toEqual({ ok: true, value: 'Line one\nLine two' });
    expect(checkField(organizationDescriptionSchema, '🎉'.repeat(1000)).ok).toBe(true);
    expect(problemOf(organizationDescriptionSchema, 'd'.repeat(1001))).toBe('Description must be at most 1,000 characters');
  });
});

describe('the create and edit forms', () => {
  it('check every field at once, by the api’s field names', () => {
    expect(
      checkOrganizationForm({ name: 'x', slug: '--', description: 'd'.repeat(1001), category: 'parties', joinMode: 'invite' }),
    ).toEqual({
      ok: false,
      problems: {
        name: MESSAGES.organizationNameShort,
        slug: MESSAGES.organizationSlugInvalid,
        description: MESSAGES.organizationDescriptionLong,
        category: MESSAGES.organizationCategoryUnknown,
        joinMode: MESSAGES.organizationJoinModeUnknown,
      },
    });
    expect(checkOrganizationForm({ name: ' Film Society ', slug: 'Film', category: 'arts', joinMode: 'request' })).toEqual({
      ok: true,
      value: { name: 'Film Society', slug: 'film', description: '', category: 'arts', joinMode: 'request' },
    });
  });

  it('every category of the list is accepted', () => {
    for (const category of ORGANIZATION_CATEGORIES) {
      expect(checkOrganizationForm({ name: 'Club', slug: 'club', category, joinMode: 'open' }).ok).toBe(true);
    }
  });

  it('the edit form checks only what it sends, and never the address', () => {
    expect(checkOrganizationEditForm({ description: 'New' })).toEqual({ ok: true, value: { description: 'New' } });
    expect(checkOrganizationEditForm({ name: null, category: 'nope' })).toEqual({
      ok: false,
      problems: { category: MESSAGES.organizationCategoryUnknown },
    });
  });
});
