#!/usr/bin/env node
// Web weight: gzip bytes of the JavaScript the production build (web/dist) makes a browser
// download before the login screen paints, and before the first Home feed paint (signed in).
// Builds the web app first when web/dist is missing. Standalone: node bench/web-weight.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './lib/standalone.mjs';

// Issue 30: the login screen ≤ 115 kB, the first Home feed paint ≤ 170 kB.
const TARGET_LOGIN_BYTES = 115_000;
const TARGET_HOME_BYTES = 170_000;
// The lazy chunks each screen waits for (web/src/app/router.tsx): the login page on its own; the
// Home feed inside the signed-in shell (Apollo boundary, sidebar layout, then the page).
const SCREENS = [
  { scenario: 'login screen', chunks: ['login-page'], targetBytes: TARGET_LOGIN_BYTES },
  {
    scenario: 'first Home feed paint (signed in)',
    chunks: ['apollo-boundary', 'main-layout', 'home-page'],
    targetBytes: TARGET_HOME_BYTES,
  },
];

export async function measureWebWeight(ctx) {
  const dist = path.join(ctx.root, 'web', 'dist');
  const builtAt = fs.existsSync(path.join(dist, 'index.html')) ? fs.statSync(path.join(dist, 'index.html')).mtimeMs : 0;
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json'].map((source) =>
    newestMtime(path.join(ctx.root, source)),
  );
  if (builtAt < Math.max(...sources)) {
    // Missing or older than its sources: measure what the sources build today.
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ctx.root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { readBuild } = await import(path.join(ctx.root, 'web', 'scripts', 'initial-js.mjs'));
  const build = readBuild(dist);
  const rows = [];
  const details = {};
  for (const screen of SCREENS) {
    const { gzipBytes, chunks } = build.initialJs(screen.chunks);
    rows.push({
      scenario: `JS before ${screen.scenario}`,
      gzipKB: Math.round(gzipBytes / 100) / 10,
      gzipBytes,
      chunks: chunks.length,
      targetKB: screen.targetBytes ? screen.targetBytes / 1000 : null,
      meetsTarget: screen.targetBytes ? gzipBytes <= screen.targetBytes : null,
    });
    details[screen.scenario] = chunks;
  }
  const [login, home] = rows;
  const verdict = (row, target) =>
    `${row.gzipKB} kB (target ≤ ${target / 1000} kB): ${row.meetsTarget ? 'met' : `missed by ${Math.round((row.gzipBytes - target) / 100) / 10} kB`}.`;
  const notes = [
    `From web/dist (${fs.statSync(path.join(dist, 'index.html')).mtime.toISOString()}): the entry chunk, the screen's lazy chunks and everything they import statically, each gzip -9; kB = 1,000 bytes.`,
    `Login screen: ${verdict(login, TARGET_LOGIN_BYTES)}`,
    `First Home feed paint: ${verdict(home, TARGET_HOME_BYTES)}`,
    'CSS, fonts, images and /app-config.js are not counted; the feed also needs its GraphQL answer.',
  ];
  return { rows, notes, chunks: details };
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runStandalone('web-weight', measureWebWeight, { needsServices: false });
}
