import { checkTags, parseTags } from './parse-tags';

describe('tags', () => {
  it('splits on commas, trims, drops # and blanks, and keeps the first of repeats', () => {
    expect(parseTags(' fun, #campus,,  , Fun , event ')).toEqual(['fun', 'campus', 'event']);
    expect(parseTags('')).toEqual([]);
  });

  it('mirrors the server limits: at most 30 tags of at most 50 characters', () => {
    expect(checkTags(Array.from({ length: 30 }, (_, i) => `t${i}`))).toBeNull();
    expect(checkTags(Array.from({ length: 31 }, (_, i) => `t${i}`))).toBe('Use at most 30 tags');
    expect(checkTags(['x'.repeat(51)])).toBe('Each tag must be at most 50 characters');
  });
});
