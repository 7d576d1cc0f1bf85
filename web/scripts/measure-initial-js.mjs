// Gzip size of the JavaScript a route downloads before it can paint: the entry chunk, the route's
// lazy page chunk, and everything they import statically (what the browser must fetch and run).
// Usage: node scripts/measure-initial-js.mjs [page-chunk-prefix ...]   (default: login-page)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const html = readFileSync(join(import.meta.dirname, '..', 'dist', 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('No entry script in dist/index.html: run vite build first');

const staticImports = (source) =>
  [...source.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);

function closure(start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const dependency of staticImports(readFileSync(join(assets, start), 'utf8'))) closure(dependency, seen);
  return seen;
}

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['login-page'];
for (const page of pages) {
  const pageChunk = files.find((name) => name.startsWith(`${page}-`));
  if (!pageChunk) throw new Error(`No chunk for ${page}`);
  const chunks = closure(pageChunk, closure(entry));
  let total = 0;
  const rows = [...chunks].map((name) => {
    const gzip = gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
    total += gzip;
    return [name, (gzip / 1024).toFixed(1)];
  });
  rows.sort((a, b) => Number(b[1]) - Number(a[1]));
  console.log(`${page}: ${(total / 1024).toFixed(1)} kB gzip of JS before paint`);
  for (const [name, size] of rows) console.log(`  ${size.padStart(6)} kB  ${name}`);
}
