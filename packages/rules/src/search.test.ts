import { checkSearchForm } from './search';

describe('the search box', () => {
  it('takes up to 100 characters once trimmed (emoji count as one), blank included', () => {
    expect(checkSearchForm({ q: '  robotics fair ' })).toEqual({ ok: true, value: { q: 'robotics fair' } });
    expect(checkSearchForm({ q: '   ' })).toEqual({ ok: true, value: { q: '' } });
    expect(checkSearchForm({ q: ` ${'🎬'.repeat(100)} ` }).ok).toBe(true);
  });

  it('refuses 101 characters in the words both sides show', () => {
    expect(checkSearchForm({ q: 'x'.repeat(101) })).toEqual({ ok: false, problems: { q: 'A search must be at most 100 characters' } });
  });
});
