import { charCount, upTo } from './characters';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

describe('characters', () => {
  it('counts code points: an emoji is one character, not two UTF-16 units', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('abc')).toBe(3);
    expect(charCount('🎓')).toBe(1);
    expect('🎓'.length).toBe(2);
    expect(charCount('é東🎉')).toBe(3);
    expect(charCount('🎉'.repeat(2200))).toBe(2200);
  });

  it('writes the limits into the messages, numbers grouped as the spec writes them', () => {
    expect(MESSAGES.captionLong).toBe('Caption must be at most 2,200 characters');
    expect(MESSAGES.commentLong).toBe('Comment must be at most 1,000 characters');
    expect(MESSAGES.displayNameLong).toBe(`Display name must be at most ${LIMITS.displayName.max} characters`);
    expect(MESSAGES.bioLong).toBe('Bio must be at most 500 characters');
    expect(MESSAGES.eventNameLong).toBe('Event name must be at most 200 characters');
  });
});

describe('a box that stops at its limit (upTo)', () => {
  it('keeps whole emoji: 1,000 of them fit in 1,000 characters, the 1,001st is left out', () => {
    expect(upTo('🎬'.repeat(1001), 1000)).toBe('🎬'.repeat(1000));
    expect(upTo('abc', 3)).toBe('abc');
    expect(upTo('a🎬b', 2)).toBe('a🎬');
  });
});
