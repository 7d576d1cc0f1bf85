import fs from 'node:fs';
import path from 'node:path';

/** An operator reads docs/operations.md, not config.ts: every setting the api reads must be in its table. */
const REPO = path.resolve(__dirname, '../../..');

test('docs/operations.md documents every environment variable that config.ts reads', () => {
  const source = fs.readFileSync(path.join(REPO, 'api/src/config.ts'), 'utf8');
  const variables = [...new Set([...source.matchAll(/['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)['"]/g)].map((match) => match[1]!))];
  expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'PORT', 'LOG_LEVEL']));

  const doc = fs.readFileSync(path.join(REPO, 'docs/operations.md'), 'utf8');
  const documented = new Set([...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!));
  expect(variables.filter((name) => !documented.has(name))).toEqual([]);
});
