/**
 * What a typed search becomes before it meets SQL. Only letters, marks and digits are kept, so
 * nothing a student types can be tsquery or LIKE syntax: 'Robotics-Fair!' is the words 'robotics'
 * and 'fair', '#GoldenHour' the word 'goldenhour', '@Maya' the word 'maya'. Accents and case are
 * the database's to fold (search_fold, the campus_search configuration), so both sides fold alike.
 */
export interface SearchText {
  /** The words, lower case, at most MAX_WORDS. Empty: nothing to search for. */
  words: string[];
  /**
   * Every word, each a prefix from PREFIX_FROM letters on ('robo' finds 'robotics'): which posts
   * match. Written '(robo | robo:*)', which matches the same as 'robo:*': PostgreSQL estimates a
   * prefix at a fixed 2 % of rows but a whole word from its statistics, and with the word spelt
   * out it can tell a word on a sixth of all posts (walk the newest posts) from a rare one (use
   * the index). Ranked the same as the prefix alone.
   */
  matchQuery: string;
  /** Every word exactly: a post with the whole words ranks above one with only their prefixes. */
  exactQuery: string;
  /** The words with single spaces: what names are compared with (trigrams, prefixes). */
  name: string;
  /** The words run together: what tags are compared with ('golden hour' is the tag 'goldenhour'). */
  tag: string;
}

/** A word shorter than this matches whole words only: a one- or two-letter prefix matches most of the campus. */
export const PREFIX_FROM = 3;
/** More words than this narrow nothing a student means and only cost more. */
export const MAX_WORDS = 8;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function searchText(q: string): SearchText {
  const words = (q.normalize('NFC').toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
  return {
    words,
    matchQuery: words.map((word) => (word.length >= PREFIX_FROM ? `(${word} | ${word}:*)` : word)).join(' & '),
    exactQuery: words.join(' & '),
    name: words.join(' '),
    tag: words.join(''),
  };
}
