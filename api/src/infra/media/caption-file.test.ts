import { CAPTION_FILE_MESSAGES, readCaptionFile, type CaptionFileResult } from './caption-file';

function ok(result: CaptionFileResult) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.file;
}

function refusal(result: CaptionFileResult): string {
  if (result.ok) throw new Error(`accepted: ${result.file.vtt}`);
  return result.message;
}

const VTT = [
  'WEBVTT - lecture',
  '',
  'STYLE',
  '::cue { background: url(https://tracker.example/pixel) }',
  '',
  'NOTE written by hand',
  '',
  'intro',
  '00:00.500 --> 00:02.000 line:0 align:start',
  '<v Ada Lovelace>Welcome to <b>the</b> lab</v>',
  '',
  '00:00:02.000 --> 00:00:04.250',
  '<i.loud>Two</i> lines &amp; an ampersand',
  'second <lang fr>ligne</lang> <ruby>漢<rt>kan</rt></ruby>',
  '',
].join('\n');

describe('reading a caption file', () => {
  it('writes a WebVTT file back as its own: cues, their tags and placement kept; styles, notes and ids dropped', () => {
    const file = ok(readCaptionFile(VTT, { duration: 5 }));
    expect(file.vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.500 --> 00:00:02.000 line:0 align:start',
        '<v Ada Lovelace>Welcome to <b>the</b> lab</v>',
        '',
        '00:00:02.000 --> 00:00:04.250',
        '<i.loud>Two</i> lines &amp; an ampersand',
        'second <lang fr>ligne</lang> <ruby>漢<rt>kan</rt></ruby>',
        '',
      ].join('\n'),
    );
    expect(file.cues).toEqual([
      { start: 0.5, end: 2, text: 'Ada Lovelace: Welcome to the lab' },
      { start: 2, end: 4.25, text: 'Two lines & an ampersand\nsecond ligne 漢' },
    ]);
    // What we wrote reads back the same: it is well-formed WebVTT.
    expect(ok(readCaptionFile(file.vtt, { duration: 5 })).vtt).toBe(file.vtt);
  });

  it('converts SubRip (BOM, CRLF, commas, <font>, {\\an8}, a bare "<") to WebVTT', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500 X1:10 X2:20 Y1:1 Y2:2\r\n<font color="#ffff00">Hello</font> {\\an8}<I>there</I>\r\n\r\n2\r\n0:0:3,5 --> 00:00:04,000\r\nI <3 caps & more\r\n';
    const file = ok(readCaptionFile(srt, { duration: 4 }));
    expect(file.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello <i>there</i>\n\n00:00:03.500 --> 00:00:04.000\nI &lt;3 caps &amp; more\n',
    );
    expect(file.cues.map((cue) => cue.text)).toEqual(['Hello there', 'I <3 caps & more']);
  });

  it.each([
    ['<script>', 'WEBVTT\n\n00:01.000 --> 00:02.000\nhi <script>alert(1)</script>\n', 4, 'script'],
    ['<img onerror>', 'WEBVTT\n\n00:01.000 --> 00:02.000\n<img src=x onerror=alert(1)>\n', 4, 'img'],
    ['<a href>', '1\n00:00:01,000 --> 00:00:02,000\n<a href="javascript:alert(1)">tap</a>\n', 3, 'a'],
    ['<iframe> in a note', 'WEBVTT\n\nNOTE <iframe src=x>\n\n00:01.000 --> 00:02.000\nhi\n', 3, 'iframe'],
  ])('refuses markup beyond WebVTT’s cue tags: %s', (_name, text, line, tag) => {
    expect(refusal(readCaptionFile(text, { duration: 10 }))).toBe(CAPTION_FILE_MESSAGES.markup(line, tag));
  });

  it.each([
    ['a comma before milliseconds', 'WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nhi\n', 3],
    ['an end before the start', 'WEBVTT\n\n00:05.000 --> 00:02.000\nhi\n', 3],
    ['text after the signature', 'WEBVTT\nKind: captions\n\n00:01.000 --> 00:02.000\nhi\n', 2],
    ['cues out of order', 'WEBVTT\n\n00:03.000 --> 00:04.000\nb\n\n00:01.000 --> 00:02.000\na\n', 6],
    ['a tag left open', 'WEBVTT\n\n00:01.000 --> 00:02.000\n<i>open\n', 5],
    ['a broken SubRip timing', '1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n00:00:03,000 --> soon\nthere\n', 6],
  ])('refuses a malformed file, naming the line: %s', (_name, text, line) => {
    expect(refusal(readCaptionFile(text, { duration: 10 }))).toMatch(new RegExp(`^Line ${line} of the caption file: `));
  });

  it('refuses a cue outside the clip, allowing the last one to run half a second over', () => {
    const at = (start: string, end: string) => `WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n\n${start} --> ${end}\nlast\n`;
    expect(readCaptionFile(at('00:09.000', '00:10.500'), { duration: 10 }).ok).toBe(true);
    expect(refusal(readCaptionFile(at('00:09.000', '00:10.501'), { duration: 10 }))).toBe(CAPTION_FILE_MESSAGES.afterClip('0:09', '0:10'));
    expect(refusal(readCaptionFile(at('00:10.000', '00:10.200'), { duration: 10 }))).toBe(CAPTION_FILE_MESSAGES.afterClip('0:10', '0:10'));
    expect(refusal(readCaptionFile(at('01:05.500', '01:07.000'), { duration: 30.25 }))).toBe(
      'The caption at 1:05.5 is outside the clip, which is 0:30.3 long.',
    );
  });

  it('takes exactly 200 KB and refuses one byte more (counted in UTF-8)', () => {
    const header = 'WEBVTT\n\n00:01.000 --> 00:02.000\n';
    const fill = (bytes: number) => {
      const room = bytes - header.length - 1;
      return `${header}${'é'.repeat(Math.floor(room / 2))}${'a'.repeat(room % 2)}\n`;
    };
    const exact = fill(200 * 1024);
    expect(Buffer.byteLength(exact)).toBe(200 * 1024);
    expect(readCaptionFile(exact, { duration: 5 }).ok).toBe(true);
    expect(refusal(readCaptionFile(`${exact} `, { duration: 5 }))).toBe(CAPTION_FILE_MESSAGES.tooLarge);
  });

  it.each([
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['JSON', '{"cues": []}'],
    ['nothing', ''],
    ['an ASS script', '[Script Info]\nTitle: x\n'],
  ])('refuses a file of another type: %s', (_name, text) => {
    expect(refusal(readCaptionFile(text, { duration: 5 }))).toBe(CAPTION_FILE_MESSAGES.wrongType);
  });

  it('refuses text that was not UTF-8, control characters and a file without cues', () => {
    expect(refusal(readCaptionFile('WEBVTT\n\n00:01.000 --> 00:02.000\ncaf\uFFFD\n', { duration: 5 }))).toBe(CAPTION_FILE_MESSAGES.notUtf8);
    expect(refusal(readCaptionFile('WEBVTT\n\n00:01.000 --> 00:02.000\nbell\u0007\n', { duration: 5 }))).toBe(
      CAPTION_FILE_MESSAGES.control(4),
    );
    expect(refusal(readCaptionFile('WEBVTT\n\nNOTE nothing to show\n', { duration: 5 }))).toBe(CAPTION_FILE_MESSAGES.empty);
  });

  it('keeps escaped markup as text: the served file and the transcript never hold a tag', () => {
    const file = ok(readCaptionFile('WEBVTT\n\n00:01.000 --> 00:02.000\n&lt;script&gt;alert(1)&lt;/script&gt;\n', { duration: 5 }));
    expect(file.vtt).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(file.vtt).not.toMatch(/<script/i);
    expect(file.cues[0]!.text).toBe('<script>alert(1)</script>');
  });

  it('reads a clip’s own subtitle stream leniently: cues cut at the clip’s end, those after it and empty ones dropped', () => {
    const text =
      'WEBVTT\n\n00:00.000 --> 00:01.000\nstart\n\n00:01.000 --> 00:01.500\n\n\n00:02.000 --> 00:09.000\n<font>long</font>\n\n00:12.000 --> 00:13.000\nafter\n';
    const file = ok(readCaptionFile(text, { duration: 3, fromClip: true }));
    expect(file.cues).toEqual([
      { start: 0, end: 1, text: 'start' },
      { start: 2, end: 3, text: 'long' },
    ]);
    expect(file.vtt).not.toContain('font');
  });
});
