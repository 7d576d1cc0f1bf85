import { placeMentions } from './place-mentions';

const ann = { id: 'ann', displayName: 'Ann' };
const annLee = { id: 'ann-lee', displayName: 'Ann Lee' };
const maya = { id: 'maya', displayName: 'Maya Chen' };

describe('placeMentions', () => {
  it("finds each person's '@Name' in UTF-16 code units, ordered by place", () => {
    const text = '🎉 with @Maya Chen and @Ann!';
    expect(placeMentions(text, [ann, maya])).toEqual([
      { uid: 'maya', start: 8, length: 10 },
      { uid: 'ann', start: 23, length: 4 },
    ]);
    expect(text.slice(8, 18)).toBe('@Maya Chen');
  });

  it('lets the longer name claim first, so a shorter one takes its own place', () => {
    expect(placeMentions('@Ann Lee and @Ann', [ann, annLee])).toEqual([
      { uid: 'ann-lee', start: 0, length: 8 },
      { uid: 'ann', start: 13, length: 4 },
    ]);
  });

  it('leaves out a name that is missing, inside a longer word, case-changed, or without a display name', () => {
    expect(placeMentions('@Anna, ann@Ann, @ann, Ann', [ann, { id: 'nameless', displayName: null }])).toEqual([]);
  });

  it('stands beside punctuation and emoji', () => {
    expect(placeMentions('(@Ann)🎉@Maya Chen.', [ann, maya])).toEqual([
      { uid: 'ann', start: 1, length: 4 },
      { uid: 'maya', start: 8, length: 10 },
    ]);
  });
});
