// Gzip size of the JavaScript a route downloads before it can paint (see initial-js.mjs).
// Usage: node scripts/measure-initial-js.mjs [page-chunk-prefix ...]   (default: login-page)
import { join } from 'node:path';
import { readBuild } from './initial-js.mjs';

const build = readBuild(join(import.meta.dirname, '..', 'dist'));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['login-page'];
for (const page of pages) {
  const { gzipBytes, chunks } = build.initialJs([page]);
  console.log(`${page}: ${(gzipBytes / 1000).toFixed(1)} kB (${(gzipBytes / 1024).toFixed(1)} KiB) gzip of JS before paint`);
  for (const { name, gzipBytes: size } of chunks) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KiB  ${name}`);
}
