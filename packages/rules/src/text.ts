import * as z from 'zod/mini';

/**
 * Text hygiene (issue 23): the characters no stored text may hold, refused rather than stripped,
 * so what a student sees in their field is exactly what is saved (a silent strip would change
 * text they can't see, and a form that shows a message teaches them the rule once).
 *
 * - Line breaks: LF, CR, VT, FF, NEL and U+2028/U+2029. A multi-line field keeps LF and CR; a
 *   single-line field refuses them all.
 * - Control characters: the rest of C0, DEL, C1, and a lone surrogate (half an emoji, which no
 *   keyboard types and no database stores faithfully). A multi-line field keeps TAB: pasted text
 *   carries it, and it shows as a space.
 * - Text-direction controls: the embeddings and overrides U+202A-U+202E and the isolates
 *   U+2066-U+2069, which reorder a whole run of text ('evil\u202Etxt.exe' reads as 'evilexe.txt')
 *   and can make a name or place pose as another. The marks U+200E, U+200F and U+061C stay allowed:
 *   they act as one invisible letter of a direction, cannot reverse a run, and mixed right-to-left
 *   text (a Hebrew or Arabic name followed by digits) needs them.
 * Joiners (U+200D in emoji sequences, U+200C in Persian) and every letter, mark and emoji stay.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_LINE_BREAK_OR_TAB = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u;
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** What a field says when it is refused: one message per kind of character, naming the field. */
export interface TextMessages {
  lineBreak: string;
  control: string;
  direction: string;
}

/** The three messages for a field called `label` ('Display name', 'Place'). */
export function textMessages(label: string): TextMessages {
  return {
    lineBreak: `${label} must be on one line`,
    control: `${label} cannot contain control characters`,
    direction: `${label} cannot contain invisible text-direction characters`,
  };
}

/** A single-line field's problem (a name, a place): line breaks, control and text-direction characters. */
export function singleLineTextProblem(text: string, messages: TextMessages): string | undefined {
  if (LINE_BREAK.test(text)) return messages.lineBreak;
  if (CONTROL.test(text)) return messages.control;
  if (DIRECTION_CONTROL.test(text)) return messages.direction;
  return undefined;
}

/** A multi-line field's problem (a caption, a bio, a comment, a note): as one line, but line breaks and tabs are kept. */
export function multiLineTextProblem(text: string, messages: TextMessages): string | undefined {
  if (CONTROL_BUT_LINE_BREAK_OR_TAB.test(text)) return messages.control;
  if (DIRECTION_CONTROL.test(text)) return messages.direction;
  return undefined;
}

/** singleLineTextProblem as a schema check: a field's schema lists it among its rules. */
export function singleLineText(messages: TextMessages) {
  return z.superRefine<string>((text, context) => {
    const message = singleLineTextProblem(text, messages);
    if (message) context.addIssue({ code: 'custom', message, input: text, continue: false });
  });
}

/** multiLineTextProblem as a schema check. */
export function multiLineText(messages: TextMessages) {
  return z.superRefine<string>((text, context) => {
    const message = multiLineTextProblem(text, messages);
    if (message) context.addIssue({ code: 'custom', message, input: text, continue: false });
  });
}
