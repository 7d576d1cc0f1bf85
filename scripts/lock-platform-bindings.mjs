#!/usr/bin/env node
// Re-adds to package-lock.json the other platforms' optional native bindings that npm leaves out
// here. The registry this project installs from serves only the Linux builds of packages such as
// unrs-resolver (jest's and eslint-plugin-import-x's resolver): npm then writes just those into the
// lock, and `npm ci` refuses the lock as out of sync with package.json ("Missing:
// @unrs/resolver-binding-darwin-arm64@ from lock file"). Run it after any `npm install` that
// rewrites the lock (`node scripts/lock-platform-bindings.mjs`); `--check` only reports.
// A binding is named <os>-<cpu>[-<abi>] (the napi-rs convention); npm skips one whose os/cpu/libc
// do not match the machine, so these entries are never fetched here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const PLATFORM =
  /-(android|darwin|freebsd|linux|openharmony|win32|sunos|aix|netbsd|openbsd)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x|wasm32)(?:-(gnu|gnueabihf|musl|musleabihf|msvc|eabi))?$/;

const added = [];
for (const [where, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    if (!match || !/^\d+\.\d+\.\d+$/.test(version)) continue;
    // Resolved as npm would: next to the dependant, else hoisted to the top.
    const nested = `${where}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const [, os, cpu, abi] = match;
    const libc = abi?.startsWith('gnu') ? ['glibc'] : abi?.startsWith('musl') ? ['musl'] : undefined;
    packages[hoisted] = { version, cpu: [cpu], ...(entry.dev && { dev: true }), ...(libc && { libc }), optional: true, os: [os] };
    added.push(`${name}@${version}`);
  }
}

if (process.argv.includes('--check')) {
  if (added.length) {
    console.error(
      `package-lock.json lacks ${added.length} platform bindings (${added.slice(0, 3).join(', ')}...): run node scripts/lock-platform-bindings.mjs`,
    );
    process.exit(1);
  }
  process.exit(0);
}
if (!added.length) {
  console.log('lock-platform-bindings: nothing to add');
  process.exit(0);
}
// npm keeps "" first and the rest in its own (localeCompare) order.
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-bindings: added ${added.length}: ${added.join(', ')}`);
