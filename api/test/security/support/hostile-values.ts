import fc from 'fast-check';
import { LIMITS } from '../../../src/shared/validation';

/**
 * The hostile values every fuzzed field is fed: injection payloads, unicode edge cases, huge and
 * deep values, NaN-ish and out-of-range numbers, impossible dates and junk structures.
 * Payloads avoid the words the "no SQL in messages" check looks for (see clear-message.ts), so an
 * echoed payload is never mistaken for leaked SQL.
 */
export const SQL_PAYLOADS = [
  "'; DROP TABLE users; --",
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  '1; DELETE FROM posts WHERE 1=1; --',
  "' UNION SELECT email, date_of_birth FROM users --",
  "admin'--",
  "%'; TRUNCATE likes; --",
  "\\'; UPDATE users SET bio='owned'; --",
  '$1',
  '1)) OR ((1=1',
  "'; SELECT pg_sleep(3); --",
];

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(document.cookie)>',
  'javascript:alert(1)',
  '<iframe src="//evil.example"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '&lt;b&gt;bold&lt;/b&gt; &amp; &#x3C;script&#x3E;',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '</textarea><script>alert(1)</script>',
];

export const UNICODE_EDGES = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'a\ud83d', // emoji cut in half
  '\u202e', // right-to-left override
  'evil\u202etxt.exe',
  '\u2066\u2067\u2068\u2069', // isolates
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\ufeff', // byte-order mark
  '\u00ad', // soft hyphen
  '\u0000', // NUL
  'a\u0000b',
  '\u0007\u001b[31mred\u001b[0m', // bell, ANSI escape
  '\r\n\t\v\f',
  '\u2028\u2029', // line/paragraph separators
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301', // stacked combining marks
  'Z̴̡̛̀a̸̢̛l̵̨̛g̷̡̛o̴̢̧',
  '𝕳𝖊𝖑𝖑𝖔',
  '漢字テスト',
  'مرحبا بالعالم',
  '\uffff\ufffe',
  '\u00a0\u3000', // no-break and ideographic spaces
];

export const NAN_ISH = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1.5',
  ' 1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '',
  ' ',
];

export const HUGE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  9007199254740993,
];

export const INVALID_DATES = [
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '9999-99-99',
  '2026-1-1',
  '2026/01/01',
  '01-02-2026',
  '2026-01-01T00:00:00Z',
  '+275760-09-13',
  '-000001-01-01',
  'Fri Feb 30 2026',
  'Mon Nov 24 2026', // a real day with the wrong weekday
  'yesterday',
  '2026-02-29',
  '1e9',
];

/** Dates that parse: some valid birthdays, some that make the student under 17, one far in the past. */
export const VALID_DATES = ['2000-01-15', '1999-12-31', '2026-11-23', '2024-02-29', '1900-01-01', '2999-01-01', '0001-01-01'];

/** The longest text any field accepts; one more character is over every limit. */
export const LONGEST_LIMIT = Math.max(LIMITS.caption, LIMITS.comment, LIMITS.bio, LIMITS.eventName, LIMITS.displayName.max);

const shortHostile = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_EDGES, ...NAN_ISH, ...INVALID_DATES),
  fc.string({ maxLength: 40 }),
  // Any code point, lone surrogates included. (A mapped unit: fast-check's 'binary' unit spends a second indexing every code point.)
  fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Text within the limits: one hostile piece or several glued together. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: shortHostile },
  { weight: 2, arbitrary: fc.array(shortHostile, { minLength: 2, maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('Hello campus', 'Great clip!', 'Lab report due', 'Maya Chen') },
);

/** One user-perceived, non-blank character that is not a comma (tags split on commas). */
const repeatable = fc.constantFrom('x', 'é', '😀', '漢', '\u202e', '\u200b', '<', "'", '9');

/**
 * Text over the longest limit after trimming and splitting: refused by every text field. Sizes go
 * from just over the limit to past the 100 kB body limit.
 */
export const overLimitText: fc.Arbitrary<string> = fc
  .tuple(
    repeatable,
    fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: LONGEST_LIMIT + 1, max: LONGEST_LIMIT + 50 }) },
      { weight: 3, arbitrary: fc.integer({ min: 5_000, max: 20_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 90_000, max: 120_000 }) },
    ),
    fc.option(shortHostile, { nil: '' }),
  )
  .map(([unit, count, decoration]) => `${decoration}${unit.repeat(count)}${decoration}`);

/** Numbers a text or id field should never take, including ones JSON can only carry as text. */
export const hostileNumber = fc.oneof(fc.constantFrom(...HUGE_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

const prototypeKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '$gt');

/** Nested junk: objects (with prototype-polluting keys), arrays, deep nesting, wide arrays. */
export const junkStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).filter((value) => value !== null && typeof value === 'object'),
  fc.dictionary(fc.oneof(prototypeKeys, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 }),
  fc.constant(0).map(() => JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}')),
  fc.integer({ min: 50, max: 3_000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
  fc.integer({ min: 50, max: 1_000 }).map((depth) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  fc.integer({ min: 100, max: 5_000 }).map((width) => Array.from({ length: width }, (_, index) => `item${index}`)),
  fc.constantFrom([], {}, [null], [[]], [{}]),
);

/** Any JSON value at all, hostile where possible. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null), junkStructure);

/** A value that is not text: a number, a boolean, an object or an array (null means "absent" to most fields). */
export const notText: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.boolean(),
  junkStructure,
  fc.array(hostileText, { minLength: 1, maxLength: 3 }),
);

/** Header-safe (latin-1, no CR/LF) junk for the Authorization header. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 });
const base64urlSegment = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')),
  maxLength: 120,
});
const encodeSegment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Authorization headers that must never act as anyone: garbage, wrong schemes, JWT-shaped junk,
 * tokens with the wrong audience, an expired token. (A real token tampered with is left out: the
 * emulator does not check signatures, so that would be a test of the emulator.)
 */
export function junkAuthorization(expired: string): fc.Arbitrary<string> {
  const now = Math.floor(Date.now() / 1000);
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer null',
      'Bearer undefined',
      'Bearer [object Object]',
      'Basic dXNlcjpwYXNz',
      'Token abc',
      'Bearer a.b.c',
      'Bearer ...',
    ),
    fc.constant(`Bearer ${expired}`),
    headerText,
    headerText.map((text) => `Bearer ${text.replace(/\s/g, '') || 'x'}`),
    fc.tuple(base64urlSegment, base64urlSegment, base64urlSegment).map((parts) => `Bearer ${parts.join('.')}`),
    fc.constantFrom(...SQL_PAYLOADS.map((sql) => `Bearer ${sql}`)),
    fc.constant(
      `Bearer ${[
        encodeSegment({ alg: 'none', typ: 'JWT' }),
        encodeSegment({
          iss: 'https://evil.example',
          aud: 'someone-else',
          sub: 'admin',
          user_id: 'admin',
          iat: now,
          exp: now + 3600,
          auth_time: now,
        }),
        '',
      ].join('.')}`,
    ),
    fc.integer({ min: 1_000, max: 4_000 }).map((length) => `Bearer ${'A'.repeat(length)}`),
  );
}
