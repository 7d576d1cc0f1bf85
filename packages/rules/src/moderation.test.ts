import { checkModerationForm, checkReportForm } from './moderation';

describe('the report form', () => {
  it('takes no details, or 1,000 characters (emoji count as one), trimmed', () => {
    expect(checkReportForm({})).toEqual({ ok: true, value: { details: '' } });
    expect(checkReportForm({ details: ` ${'🎬'.repeat(1000)} ` })).toEqual({ ok: true, value: { details: '🎬'.repeat(1000) } });
  });

  it('refuses 1,001 characters and control characters, in the words both sides show', () => {
    expect(checkReportForm({ details: 'x'.repeat(1001) })).toEqual({
      ok: false,
      problems: { details: 'Details must be at most 1,000 characters' },
    });
    expect(checkReportForm({ details: 'a\u202Eb' })).toEqual({
      ok: false,
      problems: { details: 'Details cannot contain invisible text-direction characters' },
    });
  });
});

describe("a moderator's decision", () => {
  it('needs a note, and takes 1 to 3,650 whole days or none (for good)', () => {
    expect(checkModerationForm({ note: '  Spam  ', days: 7 })).toEqual({ ok: true, value: { note: 'Spam', days: 7 } });
    expect(checkModerationForm({ note: 'Spam', days: null })).toEqual({ ok: true, value: { note: 'Spam', days: null } });
    expect(checkModerationForm({ note: 'Spam', days: 3650 }).ok).toBe(true);
    expect(checkModerationForm({ note: '' }, { noteRequired: false })).toEqual({ ok: true, value: { note: '', days: null } });
  });

  it('refuses a missing or long note and days out of range, both at once', () => {
    for (const days of [0, 3651, 1.5, Number.NaN, -1]) {
      expect(checkModerationForm({ note: '   ', days })).toEqual({
        ok: false,
        problems: { note: 'Please say why (the author is told)', days: 'Suspend for 1 to 3,650 days, or leave empty for good' },
      });
    }
    expect(checkModerationForm({ note: 'x'.repeat(1001) })).toEqual({
      ok: false,
      problems: { note: 'Note must be at most 1,000 characters' },
    });
  });
});
