import { findMentionTrigger, mentionedIds, splitByMentions } from './mentions';

describe('findMentionTrigger (the @query before the caret)', () => {
  it('finds an @ at the start or after white space, followed by letters', () => {
    expect(findMentionTrigger('@ma', 3)).toEqual({ start: 0, query: 'ma' });
    expect(findMentionTrigger('hi @ma', 6)).toEqual({ start: 3, query: 'ma' });
    expect(findMentionTrigger('hi\n@Zoë', 8)).toEqual({ start: 3, query: 'Zoë' });
    expect(findMentionTrigger('hi @Maya Lo', 11)).toEqual({ start: 3, query: 'Maya Lo' });
  });

  it('reads only up to the caret', () => {
    expect(findMentionTrigger('@maya and more', 3)).toEqual({ start: 0, query: 'ma' });
  });

  it('ignores an @ inside a word, a bare @, and what is not a name', () => {
    expect(findMentionTrigger('mail@ma', 7)).toBeNull();
    expect(findMentionTrigger('hi @', 4)).toBeNull();
    expect(findMentionTrigger('@1abc', 5)).toBeNull();
    expect(findMentionTrigger('@ma ya lo', 9)).toBeNull();
    expect(findMentionTrigger('@ma  ', 5)).toBeNull();
    expect(findMentionTrigger('no at sign', 10)).toBeNull();
    expect(findMentionTrigger(`@${'a'.repeat(51)}`, 52)).toBeNull();
  });
});

describe('mentionedIds', () => {
  const picks = [
    { id: 'u-maya', name: 'Maya Lopez' },
    { id: 'u-sam', name: 'Sam' },
  ];

  it('keeps the people whose @Name is still in the text, once each', () => {
    expect(mentionedIds('@Maya Lopez and @Sam, @Sam again', picks)).toEqual(['u-maya', 'u-sam']);
    expect(mentionedIds('@Maya Lop and Sam', picks)).toEqual([]);
    expect(mentionedIds('', picks)).toEqual([]);
  });
});

describe('splitByMentions', () => {
  const maya = { id: 'u-maya', displayName: 'Maya Lopez' };

  it('cuts the text at the ranges, in UTF-16 code units', () => {
    const text = '🎉 with @Maya Lopez!';
    expect(text.indexOf('@')).toBe(8); // the emoji is two code units
    expect(splitByMentions(text, [{ start: 8, length: 11, user: maya }])).toEqual([
      { kind: 'text', text: '🎉 with ' },
      { kind: 'mention', text: '@Maya Lopez', user: maya },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps a mention without a user, or with a range that does not fit, as plain text', () => {
    const text = 'hi @Maya';
    const plain = [{ kind: 'text', text }];
    expect(splitByMentions(text, [{ start: 3, length: 5, user: null }])).toEqual(plain);
    expect(splitByMentions(text, [{ start: 3, length: 50, user: maya }])).toEqual(plain);
    expect(splitByMentions(text, [{ start: -1, length: 2, user: maya }])).toEqual(plain);
    expect(splitByMentions(text, [{ start: 2, length: 3, user: maya }])).toEqual(plain);
    expect(splitByMentions(text, [{ start: 3, length: 0, user: maya }])).toEqual(plain);
    expect(splitByMentions(text, undefined)).toEqual(plain);
  });

  it('takes ranges in any order and skips one that overlaps the one before', () => {
    const sam = { id: 'u-sam', displayName: 'Sam' };
    const text = '@Sam @Maya';
    expect(
      splitByMentions(text, [
        { start: 5, length: 5, user: maya },
        { start: 0, length: 4, user: sam },
        { start: 0, length: 7, user: maya },
      ]),
    ).toEqual([
      { kind: 'mention', text: '@Sam', user: sam },
      { kind: 'text', text: ' ' },
      { kind: 'mention', text: '@Maya', user: maya },
    ]);
  });
});
