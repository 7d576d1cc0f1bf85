import fs from 'node:fs';
import { CAPTION_FILES } from '@campus-clips/rules';
import { WebVTTParser, type CueTextNode, type ParsedCue } from 'webvtt-parser';

/**
 * Reading a caption file (issue 28): WebVTT, or SubRip converted to WebVTT, checked and written
 * out again by us, so what /media serves is text we produced and never the bytes received.
 *
 * Parsing is the W3C's own WebVTT parser (`webvtt-parser`, the one behind its validator: pure JS,
 * no dependencies, the spec's error for every deviation, cue text as a tree of the spec's tags).
 * SubRip has no specification worth the name; it differs from WebVTT in its header and the comma
 * before milliseconds, so it is converted line for line and then held to the same parser.
 *
 * A student's file is refused, with the line to fix, when it is larger than 200 KB, not UTF-8
 * text, neither format, malformed anywhere, holds markup beyond WebVTT's cue tags (c, i, b, u,
 * ruby, rt, v, lang and timestamps: `<script>`, `<img>`, `<a>`... are refused, SubRip's `<font>`
 * is dropped), or has a cue outside the clip. STYLE, REGION and NOTE blocks and cue identifiers
 * are not kept: the app's own caption style applies (readable at phone size), and a style block
 * could fetch from anywhere. A clip's own subtitle stream (`fromClip`) is read leniently: what the
 * parser cannot read is dropped and cues are cut at the clip's end, since the student never chose
 * that file and cannot fix it.
 */

export interface CaptionCue {
  /** Seconds from the clip's start. */
  start: number;
  end: number;
  /** The cue as plain text (a voice's name before its words): the transcript. */
  text: string;
}

export interface CaptionFile {
  /** The file to serve: WebVTT as we wrote it. */
  vtt: string;
  cues: CaptionCue[];
}

export type CaptionFileResult = { ok: true; file: CaptionFile } | { ok: false; message: string };

/**
 * Cue text takes HTML's character references (the spec's "&amp;", "&eacute;", "&#233;"): the
 * parser's full table, shipped beside it (its built-in six mis-decode "&lt;" as "<;").
 */
const HTML_ENTITIES = JSON.parse(fs.readFileSync(require.resolve('webvtt-parser/html-entities.json'), 'utf8')) as Record<string, string>;

export const CAPTION_FILE_MESSAGES = {
  tooLarge: CAPTION_FILES.tooLargeMessage,
  wrongType: CAPTION_FILES.wrongTypeMessage,
  notUtf8: 'This caption file is not UTF-8 text. Please save it as UTF-8 and choose it again.',
  control: (line: number) => `Line ${line} of the caption file has a control character. Caption files may hold only text.`,
  markup: (line: number, tag: string) =>
    `Caption files may hold only text: “<${tag}>” on line ${line} is not allowed (WebVTT allows only <i>, <b>, <u>, <c>, <v>, <lang>, <ruby> and <rt>).`,
  malformed: (line: number, problem: string) => `Line ${line} of the caption file: ${problem}`,
  empty: 'This caption file has no captions in it.',
  afterClip: (at: string, length: string) => `The caption at ${at} is outside the clip, which is ${length} long.`,
};

/** How far past the clip's end a cue may run: players and editors round the last cue's end up. */
export const END_TOLERANCE_SECONDS = 0.5;

const CUE_TAGS = new Set(['c', 'i', 'b', 'u', 'ruby', 'rt', 'v', 'lang']);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A tag as the WebVTT tokenizer starts one: '<', an optional '/', then a name up to space, '.', '>' or '/'. */
const TAG = /<\/?([^\s>./\d][^\s>./]*)/g;
const SRT_TIMESTAMP = /(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})/g;

export function readCaptionFile(text: string, options: { duration: number | null; fromClip?: boolean }): CaptionFileResult {
  const lenient = options.fromClip === true;
  if (!lenient && Buffer.byteLength(text, 'utf8') > CAPTION_FILES.maxBytes) return refuse(CAPTION_FILE_MESSAGES.tooLarge);
  if (text.includes('\uFFFD') || text.includes('\0')) return refuse(CAPTION_FILE_MESSAGES.notUtf8);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const controlLine = lines.findIndex((line) => CONTROL.test(line));
  if (controlLine >= 0 && !lenient) return refuse(CAPTION_FILE_MESSAGES.control(controlLine + 1));

  // Both formats become WebVTT lines; `offset` turns a parser's line back into the student's.
  let vttLines: string[];
  let offset = 0;
  if (/^WEBVTT([ \t]|$)/.test(lines[0] ?? '')) {
    vttLines = withoutBlocks(lines, /^(STYLE|REGION)([ \t]|$)/);
  } else if (looksLikeSubRip(lines)) {
    vttLines = ['WEBVTT', '', ...lines.map(subRipLineToWebVtt)];
    offset = -2;
  } else {
    return refuse(CAPTION_FILE_MESSAGES.wrongType);
  }

  if (!lenient) {
    for (const [index, line] of vttLines.entries()) {
      if (line.includes('-->')) continue;
      for (const match of line.matchAll(TAG)) {
        const name = match[1]!;
        if (!CUE_TAGS.has(name)) return refuse(CAPTION_FILE_MESSAGES.markup(index + 1 + offset, name));
      }
    }
  }

  const parsed = new WebVTTParser(HTML_ENTITIES).parse(vttLines.join('\n'));
  if (!lenient && parsed.errors.length) {
    const first = parsed.errors.reduce((a, b) => (b.line < a.line ? b : a));
    return refuse(CAPTION_FILE_MESSAGES.malformed(Math.max(1, first.line + offset), first.message));
  }

  const duration = options.duration !== null && Number.isFinite(options.duration) && options.duration > 0 ? options.duration : null;
  const cues: Array<{ cue: ParsedCue; plain: string }> = [];
  for (const cue of parsed.cues) {
    const plain = plainText(cue.tree.children).trim();
    if (duration !== null && (cue.startTime >= duration || cue.endTime > duration + END_TOLERANCE_SECONDS)) {
      if (!lenient) return refuse(CAPTION_FILE_MESSAGES.afterClip(clock(cue.startTime), clock(duration)));
      if (cue.startTime >= duration) continue;
      cue.endTime = duration;
    }
    // An empty cue shows nothing; in a clip's own stream it is how some editors end a line.
    if (lenient && !plain) continue;
    cues.push({ cue, plain });
  }
  if (!cues.length) return refuse(CAPTION_FILE_MESSAGES.empty);

  const vtt = `WEBVTT\n\n${cues.map(({ cue }) => `${timing(cue)}\n${serialize(cue.tree.children)}\n`).join('\n')}`;
  return {
    ok: true,
    file: { vtt, cues: cues.map(({ cue, plain }) => ({ start: cue.startTime, end: cue.endTime, text: plain })) },
  };
}

function refuse(message: string): CaptionFileResult {
  return { ok: false, message };
}

/** SubRip: a first block of a number line then a timing line (or the timing line alone, as some tools write). */
function looksLikeSubRip(lines: string[]): boolean {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return false;
  const timing = /^\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}\s*-->\s*\d+:\d{1,2}:\d{1,2}[,.]\d{1,3}/;
  return timing.test(lines[first]!) || (/^\s*\d+\s*$/.test(lines[first]!) && timing.test(lines[first + 1] ?? ''));
}

/**
 * One SubRip line as WebVTT: timings with a full stop and zero-padded fields, without SubRip's
 * `X1:… Y2:…` box; text without `<font>` and `{\an8}`-style overrides; a '<' or '&' that starts
 * no tag or entity escaped (SubRip has no escaping: "I <3 it").
 */
function subRipLineToWebVtt(line: string): string {
  if (line.includes('-->')) {
    const [start, end] = line.split('-->').map((part) => part.trim().split(/\s+/)[0] ?? '');
    return `${fixTimestamp(start!)} --> ${fixTimestamp(end!)}`;
  }
  return line
    .replace(/<\/?font\b[^>]*>/gi, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(?![A-Za-z]+;|#\d+;)/g, '&amp;')
    .replace(/<(?!\/?[A-Za-z])/g, '&lt;')
    .replace(/<(\/?)([IBU])>/g, (_, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`);
}

function fixTimestamp(value: string): string {
  return value.replace(
    SRT_TIMESTAMP,
    (_, h: string, m: string, s: string, ms: string) =>
      `${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.padStart(2, '0')}.${ms.padEnd(3, '0')}`,
  );
}

/** The lines without the blocks (up to the next blank line) whose first line matches. */
function withoutBlocks(lines: string[], start: RegExp): string[] {
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (line === '') skipping = false;
    else if (start.test(line) && (kept.length === 0 || kept.at(-1) === '')) skipping = true;
    if (skipping) kept.push('');
    else kept.push(line);
  }
  return kept;
}

/** The cue's words: text nodes in order, ruby's reading left out, a voice's name before what it says. */
function plainText(nodes: CueTextNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return String(node.value ?? '');
      if (node.type !== 'object' || node.name === 'rt') return '';
      const inner = plainText(node.children ?? []);
      return node.name === 'v' && node.value ? `${String(node.value).trim()}: ${inner}` : inner;
    })
    .join('');
}

/** Cue text written back: only the spec's tags, class names of letters and digits, every text character escaped. */
function serialize(nodes: CueTextNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeText(String(node.value ?? ''));
      if (node.type === 'timestamp') return `<${stamp(Number(node.value))}>`;
      if (!node.name || !CUE_TAGS.has(node.name)) return serialize(node.children ?? []);
      const classes = (node.classes ?? []).filter((name) => /^[A-Za-z0-9_-]+$/.test(name));
      const annotation =
        (node.name === 'v' || node.name === 'lang') && node.value ? ` ${escapeText(String(node.value)).replace(/\s+/g, ' ')}` : '';
      return `<${[node.name, ...classes].join('.')}${annotation}>${serialize(node.children ?? [])}</${node.name}>`;
    })
    .join('');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The cue's timing line, with the placement settings the author gave (line, position, size, align, vertical). */
function timing(cue: ParsedCue): string {
  const settings: string[] = [];
  if (cue.direction !== 'horizontal') settings.push(`vertical:${cue.direction}`);
  if (cue.linePosition !== 'auto') {
    const lineAlign = cue.lineAlign !== 'start' ? `,${cue.lineAlign}` : '';
    settings.push(`line:${cue.linePosition}${cue.snapToLines ? '' : '%'}${lineAlign}`);
  }
  if (cue.textPosition !== 'auto')
    settings.push(`position:${cue.textPosition}%${cue.positionAlign !== 'auto' ? `,${cue.positionAlign}` : ''}`);
  if (cue.size !== 100) settings.push(`size:${cue.size}%`);
  if (cue.alignment !== 'center') settings.push(`align:${cue.alignment}`);
  return `${stamp(cue.startTime)} --> ${stamp(cue.endTime)}${settings.length ? ` ${settings.join(' ')}` : ''}`;
}

/** Seconds as a WebVTT timestamp, hh:mm:ss.ttt, counted in whole milliseconds (no floating-point drift). */
function stamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Seconds as a student reads a time: 0:42.5, 1:05 (no hours: clips are at most 3 minutes). */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const tenths = Math.round((seconds - whole) * 10) % 10;
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  return tenths ? `${text}.${tenths}` : text;
}
