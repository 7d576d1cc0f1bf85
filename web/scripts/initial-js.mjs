// What a route must download before it can paint: the entry chunk, the route's lazy chunks, and
// everything they import statically (what the browser must fetch and run), with gzip sizes.
// Used by `npm run size` (measure-initial-js.mjs) and bench/web-weight.mjs.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const staticImports = (source) =>
  [...source.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);

/** Reads a production build (dist/); `initialJs(lazyChunkPrefixes)` answers for one route. */
export function readBuild(distDir) {
  const assets = join(distDir, 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`No entry script in ${distDir}/index.html: run vite build first`);

  const closure = (start, seen = new Set()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const dependency of staticImports(readFileSync(join(assets, start), 'utf8'))) closure(dependency, seen);
    return seen;
  };
  const chunkOf = (prefix) => {
    const chunk = files.find((name) => name.startsWith(`${prefix}-`));
    if (!chunk) throw new Error(`No chunk named ${prefix}-*.js in ${assets}`);
    return chunk;
  };

  return {
    entry,
    /** The entry plus these lazy chunks (by name prefix) and their static imports, largest first. */
    initialJs(prefixes) {
      let chunks = closure(entry);
      for (const prefix of prefixes) chunks = closure(chunkOf(prefix), chunks);
      const rows = [...chunks]
        .map((name) => ({ name, gzipBytes: gzipSync(readFileSync(join(assets, name)), { level: 9 }).length }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      return { gzipBytes: rows.reduce((sum, row) => sum + row.gzipBytes, 0), chunks: rows };
    },
  };
}
