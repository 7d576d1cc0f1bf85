#!/usr/bin/env node
// `npm run admin -- <command>` and `npm run worker`: the api's built entry point (api/dist/<name>.js)
// run with node. Where the build tools are (development: typescript is installed) the api is
// built first; where they are not (the production image installs no development dependency) the
// build already there runs as it is, so the same npm script works in both.
//   node scripts/run-built.mjs admin-cli|worker [arguments...]
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-built.mjs <entry> [arguments...]');
  process.exit(2);
}

let tsc = null;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  // the image: no build tools, run the build it has
}
if (tsc) {
  const build = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'api', 'tsconfig.build.json')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('run-built: building the api failed');
    process.exit(build.status ?? 1);
  }
}
const child = spawn(process.execPath, [path.join(root, 'api', 'dist', `${entry}.js`), ...args], { stdio: 'inherit' });
// A worker stopped with SIGTERM drains its jobs: the signal goes on to it.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
