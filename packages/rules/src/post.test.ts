import { checkField, problemOf } from './check';
import { captionSchema, checkPostForm, normaliseTag, normaliseTags, parseTags, tagsSchema } from './post';

describe('caption (≤ 2,200 characters)', () => {
  it('takes 2,200 emoji (4,400 UTF-16 units) and refuses 2,201', () => {
    const longest = '🎉'.repeat(2200);
    expect(longest.length).toBe(4400);
    expect(checkField(captionSchema, longest)).toEqual({ ok: true, value: longest });
    expect(problemOf(captionSchema, `${longest}🎉`)).toBe('Caption must be at most 2,200 characters');
  });

  it('counts the caption once trimmed, and an empty one is fine', () => {
    expect(checkField(captionSchema, `  ${'c'.repeat(2200)}  `)).toEqual({ ok: true, value: 'c'.repeat(2200) });
    expect(checkField(captionSchema, '   ')).toEqual({ ok: true, value: '' });
    expect(problemOf(captionSchema, 'c'.repeat(2201))).toBe('Caption must be at most 2,200 characters');
  });
});

describe('tags (hashtags; ≤ 30 of ≤ 50 characters)', () => {
  it('makes hashtags: letters, marks and digits of any script and _, case kept, NFC', () => {
    expect(normaliseTag('Golden Hour')).toBe('GoldenHour');
    expect(normaliseTag('#été!')).toBe('été');
    expect(normaliseTag('e\u0301te\u0301')).toBe('été');
    expect(normaliseTag('study_group')).toBe('study_group');
    expect(normaliseTag('!!!')).toBe('');
  });

  it('drops empty tags and repeats in any case, the first spelling staying', () => {
    expect(normaliseTags(['Fun', 'fun', '#', 'FUN', 'campus'])).toEqual(['Fun', 'campus']);
    expect(parseTags(' fun, #campus,,  , Fun , event ')).toEqual(['fun', 'campus', 'event']);
    expect(parseTags('Été, 東京, क़िला, Ünï 2026!')).toEqual(['Été', '東京', 'क़िला', 'Ünï2026']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags('Golden Hour, golden hour, GOLDEN-HOUR, study_group')).toEqual(['GoldenHour', 'study_group']);
    expect(parseTags('!!!, #, campus')).toEqual(['campus']);
  });

  it('takes a list or one comma-separated string, and answers the tags as stored', () => {
    expect(checkField(tagsSchema, 'Golden Hour, golden hour')).toEqual({ ok: true, value: ['GoldenHour'] });
    expect(checkField(tagsSchema, ['Golden Hour', '#campus'])).toEqual({ ok: true, value: ['GoldenHour', 'campus'] });
  });

  it('holds the stored tags to the limits: 30 tags, 50 characters (a letter of two UTF-16 units counted as one)', () => {
    const thirty = Array.from({ length: 30 }, (_, index) => `t${index}`);
    expect(checkField(tagsSchema, thirty)).toEqual({ ok: true, value: thirty });
    expect(checkField(tagsSchema, [...thirty, 'T0', 't 1']).ok).toBe(true); // repeats once normalised
    expect(checkField(tagsSchema, `${'a'.repeat(25)} ${'b'.repeat(25)}`).ok).toBe(true); // 50 once the space goes
    expect(problemOf(tagsSchema, [...thirty, 'one-more'])).toBe('Use at most 30 tags');
    // 𠀀 (U+20000) is a letter, two UTF-16 units.
    expect(checkField(tagsSchema, ['𠀀'.repeat(50)]).ok).toBe(true);
    expect(problemOf(tagsSchema, ['𠀀'.repeat(51)])).toBe('Each tag must be at most 50 characters');
    expect(problemOf(tagsSchema, `fine, ${'t'.repeat(51)}`)).toBe('Each tag must be at most 50 characters');
  });

  it('names the count first when both limits are broken', () => {
    expect(
      problemOf(
        tagsSchema,
        Array.from({ length: 31 }, (_, index) => `${index}${'x'.repeat(60)}`),
      ),
    ).toBe('Use at most 30 tags');
  });
});

describe('the create-post form (checkPostForm)', () => {
  it('cleans the caption, the tags as typed, and the people mentioned', () => {
    expect(checkPostForm({ caption: ' Hi @Ada ', tags: 'Golden Hour, #campus', mentions: ['ada', 'ada'] })).toEqual({
      ok: true,
      value: { caption: 'Hi @Ada', tags: ['GoldenHour', 'campus'], mentions: ['ada'] },
    });
  });

  it('reports every field at once, an eleventh person mentioned among them', () => {
    const mentions = Array.from({ length: 11 }, (_, i) => `uid-${i}`);
    expect(checkPostForm({ caption: 'x'.repeat(2201), tags: Array.from({ length: 31 }, (_, i) => `t${i}`), mentions })).toEqual({
      ok: false,
      problems: {
        caption: 'Caption must be at most 2,200 characters',
        tags: 'Use at most 30 tags',
        mentions: 'You can mention at most 10 people',
      },
    });
  });
});
