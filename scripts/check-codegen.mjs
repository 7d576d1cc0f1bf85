#!/usr/bin/env node
// Fails when schema.graphql or the generated web hooks are stale: regenerates both into a
// scratch copy and compares with what is committed. Generated code is never edited by hand.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generated = path.join(root, 'web', 'src', 'graphql');
const snapshot = (dir) =>
  fs.existsSync(dir)
    ? Object.fromEntries(
        fs
          .readdirSync(dir)
          .sort()
          .map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
      )
    : {};

const schemaBefore = fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8');
const hooksBefore = snapshot(generated);
execFileSync('npm', ['run', 'codegen'], { cwd: root, stdio: 'inherit' });
const stale = [];
if (fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8') !== schemaBefore) stale.push('schema.graphql');
const hooksAfter = snapshot(generated);
for (const name of new Set([...Object.keys(hooksBefore), ...Object.keys(hooksAfter)])) {
  if (hooksBefore[name] !== hooksAfter[name]) stale.push(`web/src/graphql/${name}`);
}
if (stale.length) {
  console.error(`Stale generated files (run \`npm run codegen\` and commit): ${stale.join(', ')}`);
  process.exit(1);
}
console.log('schema.graphql and the generated hooks are current');
