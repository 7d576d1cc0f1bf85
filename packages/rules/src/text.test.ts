import { checkField, problemOf } from './check';
import { commentTextSchema } from './comment';
import { eventNameSchema } from './calendar';
import { eventPlaceProblem } from './event';
import { TEXT_MESSAGES } from './messages';
import { captionSchema } from './post';
import { bioSchema, displayNameSchema } from './profile';
import { multiLineTextProblem, singleLineTextProblem, textMessages } from './text';

const WORDS = textMessages('Name');

/** A row of a table: what the text is, and the text. */
type Case = readonly [kind: string, text: string];

/** Text every field takes: any script, accents, emoji and their joiners, the bidi marks. */
const GOOD: Case[] = [
  ['plain', 'Ada Lovelace'],
  ['accented letters', 'José Ñúñez-Zoë François'],
  ['a combining accent', 'Jose\u0301'],
  ['CJK', '山田太郎 김민준'],
  ['Arabic', 'محمد علي'],
  ['Hebrew and digits with a right-to-left mark', 'שלום 123\u200F'],
  ['a left-to-right mark', 'Room\u200E 12'],
  ['the Arabic letter mark', 'علي\u061C 5'],
  ['Persian with a zero-width non-joiner', 'می\u200Cخواهم'],
  ['emoji', '🎓🎉'],
  ['a ZWJ family', '👩‍👩‍👧‍👦'],
  ['a ZWJ flag with a variation selector', '🏳️‍🌈'],
  ['a skin tone', '👍🏽'],
  ['a no-break space', 'Ana\u00A0Paula'],
  ['punctuation and markup', `O'Brien & Co. <b>#1</b>`],
];

/** A line break in a one-line field. */
const LINE_BREAKS: Case[] = [
  ['LF', 'Ada\nLovelace'],
  ['CRLF', 'Ada\r\nLovelace'],
  ['CR', 'Ada\rLovelace'],
  ['vertical tab', 'Ada\vLovelace'],
  ['form feed', 'Ada\fLovelace'],
  ['NEL (C1)', 'Ada\u0085Lovelace'],
  ['line separator U+2028', 'Ada\u2028Lovelace'],
  ['paragraph separator U+2029', 'Ada\u2029Lovelace'],
];

/** Control characters that are not line breaks. */
const CONTROLS: Case[] = [
  ['NUL', 'Ada\u0000'],
  ['bell', 'Ada\u0007'],
  ['an ANSI escape', '\u001b[31mAda\u001b[0m'],
  ['unit separator', 'Ada\u001FLovelace'],
  ['DEL', 'Ada\u007F'],
  ['C1 U+0080', 'Ada\u0080'],
  ['C1 U+009F', 'Ada\u009F'],
  ['a lone high surrogate', 'Ada\uD83D'],
  ['a lone low surrogate', '\uDE00Ada'],
];

/** The embeddings, overrides and isolates. */
const DIRECTION: Case[] = [
  ['RLO U+202E in a file name', 'evil\u202Etxt.exe'],
  ['LRE U+202A', 'a\u202Ab'],
  ['RLE U+202B', 'a\u202Bb'],
  ['PDF U+202C', 'a\u202Cb'],
  ['LRO U+202D', 'a\u202Db'],
  ['LRI U+2066', 'a\u2066b'],
  ['RLI U+2067', 'a\u2067b'],
  ['FSI U+2068', 'a\u2068b'],
  ['PDI U+2069', 'a\u2069b'],
];

describe('single-line text (names, places)', () => {
  it.each(GOOD)('takes %s', (_, text) => {
    expect(singleLineTextProblem(text, WORDS)).toBeUndefined();
  });

  it.each(LINE_BREAKS)('refuses a line break: %s', (_, text) => {
    expect(singleLineTextProblem(text, WORDS)).toBe('Name must be on one line');
  });

  it.each([...CONTROLS, ['TAB', 'Ada\tLovelace'] as Case])('refuses a control character: %s', (_, text) => {
    expect(singleLineTextProblem(text, WORDS)).toBe('Name cannot contain control characters');
  });

  it.each(DIRECTION)('refuses a text-direction control: %s', (_, text) => {
    expect(singleLineTextProblem(text, WORDS)).toBe('Name cannot contain invisible text-direction characters');
  });
});

describe('multi-line text (captions, bios, comments, notes)', () => {
  it.each([...GOOD, ['LF', 'one\ntwo'], ['CRLF', 'one\r\ntwo'], ['CR', 'one\rtwo'], ['TAB', 'one\ttwo']] as Case[])(
    'takes %s',
    (_, text) => {
      expect(multiLineTextProblem(text, WORDS)).toBeUndefined();
    },
  );

  it.each([...CONTROLS, ...LINE_BREAKS.filter(([kind]) => !['LF', 'CRLF', 'CR'].includes(kind))])(
    'refuses a control character: %s',
    (_, text) => {
      expect(multiLineTextProblem(text, WORDS)).toBe('Name cannot contain control characters');
    },
  );

  it.each(DIRECTION)('refuses a text-direction control: %s', (_, text) => {
    expect(multiLineTextProblem(text, WORDS)).toBe('Name cannot contain invisible text-direction characters');
  });
});

describe("each field's rule, in its own words", () => {
  it('a display name is one line, without control or direction characters', () => {
    expect(problemOf(displayNameSchema, 'Ada\nLovelace')).toBe('Display name must be on one line');
    expect(problemOf(displayNameSchema, 'Ada\u0000')).toBe('Display name cannot contain control characters');
    expect(problemOf(displayNameSchema, 'Ada\u202Eecalevol')).toBe('Display name cannot contain invisible text-direction characters');
    // Trimmed first: a line break at either end is not part of the name.
    expect(checkField(displayNameSchema, '  Ada Lovelace\n')).toEqual({ ok: true, value: 'Ada Lovelace' });
    expect(checkField(displayNameSchema, '👩‍👩‍👧‍👦 Zoë')).toEqual({ ok: true, value: '👩‍👩‍👧‍👦 Zoë' });
  });

  it("an event's name (a calendar entry's too) and place are one line", () => {
    expect(problemOf(eventNameSchema, 'Career\r\nfair')).toBe('Event name must be on one line');
    expect(problemOf(eventNameSchema, 'Career fair\u202E')).toBe('Event name cannot contain invisible text-direction characters');
    expect(problemOf(eventNameSchema, 'Career\u0085fair')).toBe('Event name must be on one line');
    expect(checkField(eventNameSchema, ' 学園祭 🎉 ')).toEqual({ ok: true, value: '学園祭 🎉' });
    expect(eventPlaceProblem('Main\nhall')).toBe('Place must be on one line');
    expect(eventPlaceProblem('Main hall\u2067')).toBe('Place cannot contain invisible text-direction characters');
    expect(eventPlaceProblem('Main\thall')).toBe('Place cannot contain control characters');
    expect(eventPlaceProblem('  Salle Érasme, 2ᵉ étage  ')).toBeUndefined();
  });

  it('a bio, caption and comment keep their line breaks and refuse the rest', () => {
    expect(checkField(bioSchema, 'Hi!\nI study 物理.\n')).toEqual({ ok: true, value: 'Hi!\nI study 物理.\n' });
    expect(problemOf(bioSchema, 'Hi\u0007')).toBe('Bio cannot contain control characters');
    expect(checkField(captionSchema, 'Golden hour 🌅\n\n#campus')).toEqual({ ok: true, value: 'Golden hour 🌅\n\n#campus' });
    expect(problemOf(captionSchema, 'Golden \u202Ehour')).toBe('Caption cannot contain invisible text-direction characters');
    expect(checkField(commentTextSchema, 'So good\r\n👏🏽')).toEqual({ ok: true, value: 'So good\r\n👏🏽' });
    expect(problemOf(commentTextSchema, 'So\u2028good')).toBe('Comment cannot contain control characters');
  });

  it('names the field in each message', () => {
    expect(TEXT_MESSAGES.displayName.lineBreak).toBe('Display name must be on one line');
    expect(TEXT_MESSAGES.place.control).toBe('Place cannot contain control characters');
    expect(TEXT_MESSAGES.reportDetails.direction).toBe('Details cannot contain invisible text-direction characters');
    expect(TEXT_MESSAGES.moderatorNote.control).toBe('Note cannot contain control characters');
  });
});
