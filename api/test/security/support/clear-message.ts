/**
 * What a refusal's message must be: words for a person. Not empty, not a generic "Internal server
 * error", no stack trace, no SQL or driver text, no JavaScript error text. The fuzzed values may be
 * echoed back (GraphQL names the invalid value), so they are cut out of the message before the
 * checks, which then only see what the server wrote.
 */
const GENERIC =
  /^\s*(internal server error|something went wrong.*|error|bad request|unknown error|undefined|null|\[object object\]|invalid input)\.?\s*$/i;
const STACK = /\n\s*at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|node_modules|[\\/]src[\\/]|\.(ts|js|mjs):\d+/;
const SQL = new RegExp(
  [
    String.raw`\bviolates\b`,
    String.raw`\bconstraint\b`,
    'duplicate key',
    'syntax error at or near',
    'invalid input syntax',
    'invalid byte sequence',
    'value too long for type',
    'out of range for type',
    'QueryFailedError',
    'TypeORM',
    'relation "',
    'column "',
    String.raw`\bSELECT\b[\s\S]*\bFROM\b`,
    String.raw`\bINSERT\s+INTO\b`,
    String.raw`\bUPDATE\b[\s\S]*\bSET\b`,
    String.raw`\bDELETE\s+FROM\b`,
    String.raw`\bpg_\w+`,
    'ECONNREFUSED',
  ].join('|'),
  'i',
);
const JAVASCRIPT =
  /Cannot read propert|is not a function|is not defined(?! by type)|is not iterable|Unexpected token|JSON at position|TypeError|RangeError|ReferenceError|Maximum call stack|\[object Object\]/;

/** Every string inside a request value, in the forms a server may echo it (raw, JSON-quoted, JSON-escaped). */
export function echoForms(value: unknown): string[] {
  const strings = new Set<string>();
  const visit = (item: unknown, depth: number) => {
    if (depth > 50) return;
    if (typeof item === 'string') {
      if (item.length < 3) return;
      strings.add(item);
      const quoted = JSON.stringify(item);
      strings.add(quoted);
      strings.add(quoted.slice(1, -1));
    } else if (Array.isArray(item)) {
      for (const element of item) visit(element, depth + 1);
    } else if (item && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        visit(key, depth + 1);
        visit(element, depth + 1);
      }
    }
  };
  visit(value, 0);
  return [...strings].sort((a, b) => b.length - a.length);
}

export function withoutEchoes(text: string, echoes: string[]): string {
  let rest = text;
  for (const echo of echoes) if (rest.includes(echo)) rest = rest.split(echo).join('');
  return rest;
}

/** Why this message is not clear enough for a person, or null when it is fine. */
export function unclearMessage(message: unknown, echoes: string[]): string | null {
  if (typeof message !== 'string') return `message is ${message === undefined ? 'missing' : typeof message}`;
  if (!message.trim()) return 'message is empty';
  const own = withoutEchoes(message, echoes);
  if (GENERIC.test(own)) return `message is generic: "${message}"`;
  if (STACK.test(own)) return `message has a stack trace or source path: "${own.slice(0, 300)}"`;
  if (SQL.test(own)) return `message has SQL or driver text: "${own.slice(0, 300)}"`;
  if (JAVASCRIPT.test(own)) return `message has JavaScript error text: "${own.slice(0, 300)}"`;
  return null;
}

/** Things no response body may contain at all, refusal or not. */
export function leakInBody(text: string, echoes: string[]): string | null {
  const own = withoutEchoes(text, echoes);
  if (/"stacktrace"|"stack"\s*:/.test(own)) return 'body carries a stack trace';
  if (/Internal server error/i.test(own)) return 'body says "Internal server error"';
  if (STACK.test(own)) return 'body has a stack trace or source path';
  return null;
}
