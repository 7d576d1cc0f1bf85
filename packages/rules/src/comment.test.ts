import { checkField, problemOf } from './check';
import { checkCommentForm, commentTextSchema } from './comment';

describe('comment (not blank, ≤ 1,000 characters)', () => {
  it('takes 1,000 emoji and refuses 1,001', () => {
    expect(checkField(commentTextSchema, '🎉'.repeat(1000))).toEqual({ ok: true, value: '🎉'.repeat(1000) });
    expect(problemOf(commentTextSchema, '🎉'.repeat(1001))).toBe('Comment must be at most 1,000 characters');
  });

  it('trims, and refuses a blank comment', () => {
    expect(checkField(commentTextSchema, '  nice  ')).toEqual({ ok: true, value: 'nice' });
    expect(problemOf(commentTextSchema, '')).toBe('Comment cannot be empty');
    expect(problemOf(commentTextSchema, ' \n\t ')).toBe('Comment cannot be empty');
    expect(checkField(commentTextSchema, ` ${'x'.repeat(1000)} `).ok).toBe(true);
  });
});

describe('the comment box (checkCommentForm)', () => {
  const people = (count: number) => Array.from({ length: count }, (_, i) => `uid-${i}`);

  it('takes up to ten different people, each once', () => {
    expect(checkCommentForm({ text: ' Hi ', mentions: [...people(10), 'uid-0'] })).toEqual({
      ok: true,
      value: { text: 'Hi', mentions: people(10) },
    });
  });

  it('refuses an eleventh person, in the words both sides show', () => {
    expect(checkCommentForm({ text: 'Hi', mentions: people(11) })).toEqual({
      ok: false,
      problems: { mentions: 'You can mention at most 10 people' },
    });
  });
});
