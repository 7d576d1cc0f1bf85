import { searchText } from './search-text';

describe('searchText', () => {
  it('keeps letters, marks and digits as lower-case words; nothing else reaches SQL', () => {
    expect(searchText(`  Robotics-Fair! #GoldenHour @Maya 2025 'x' & | ! :* ( ) % _ \\`)).toEqual({
      words: ['robotics', 'fair', 'goldenhour', 'maya', '2025', 'x'],
      matchQuery: '(robotics | robotics:*) & (fair | fair:*) & (goldenhour | goldenhour:*) & (maya | maya:*) & (2025 | 2025:*) & x',
      exactQuery: 'robotics & fair & goldenhour & maya & 2025 & x',
      name: 'robotics fair goldenhour maya 2025 x',
      tag: 'roboticsfairgoldenhourmaya2025x',
    });
  });

  it('keeps accents for the database to fold, in one normal form; a word of one or two letters is whole', () => {
    const decomposed = 'Zoe\u0308 Nu\u0301n\u0303ez';
    expect(searchText(decomposed).words).toEqual(['zoë', 'núñez']);
    expect(searchText('an ox').matchQuery).toBe('an & ox');
  });

  it('nothing to search for in blanks and punctuation; at most eight words', () => {
    expect(searchText('  ?! -- ').words).toEqual([]);
    expect(searchText('a b c d e f g h i j').words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});
