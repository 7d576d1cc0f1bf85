import { checkField, problemOf } from './check';
import { commentTextSchema } from './comment';

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
