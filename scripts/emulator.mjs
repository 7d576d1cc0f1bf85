#!/usr/bin/env node
// Starts the Firebase Auth emulator (offline, project demo-campus-clips) as a child process and
// waits until it answers. Used by `npm start`, the test setup and the browser tests.
// CLI: node scripts/emulator.mjs [--port 9099]   (runs until Ctrl-C)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-campus-clips';

export async function isEmulatorUp(host) {
  try {
    const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/config`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts an emulator on host:port unless one already answers there. Returns { host, stop, started }.
 * With `persistDir`, accounts are loaded from that folder on start and saved there by stop().
 */
export async function ensureEmulator({ port = 9099, host = '127.0.0.1', quiet = true, persistDir = null } = {}) {
  const address = `${host}:${port}`;
  if (await isEmulatorUp(address)) return { host: address, started: false, stop: async () => undefined };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-emulator-'));
  // The hub and logging helpers get ports picked here: left to firebase-tools, emulators starting
  // at the same moment on one machine chose the same "next free" port and one of them crashed.
  const [hubPort, loggingPort] = [await freePort(host), await freePort(host)];
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort, level: 'WARN' },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseBin = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  // A missing folder is fine for --import (firebase-tools warns and starts empty).
  const persistArgs = persistDir ? ['--import', path.resolve(persistDir), '--export-on-exit', path.resolve(persistDir)] : [];
  // Its own TMPDIR gives this emulator its own hub locator file: with the shared one, a second
  // emulator for the same project on this machine answered the first one's export.
  const child = spawn(
    process.execPath,
    [
      firebaseBin,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      path.join(dir, 'firebase.json'),
      ...persistArgs,
    ],
    {
      cwd: dir,
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit',
      detached: true,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', TMPDIR: dir },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const pidFile = path.join(root, '.emulator', `auth-${port}.pid`);
  fs.mkdirSync(path.dirname(pidFile), { recursive: true });
  fs.writeFileSync(pidFile, String(child.pid));

  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      const exited = await Promise.race([
        new Promise((resolve) => child.once('exit', () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 8000)),
      ]);
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
    fs.rmSync(pidFile, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited early (code ${child.exitCode}): ${stderr.slice(-2000)}`);
    if (await isEmulatorUp(address)) return { host: address, started: true, stop, pid: child.pid };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`The auth emulator did not answer on ${address} within 90 s: ${stderr.slice(-2000)}`);
}

/** A TCP port nobody listens on right now (the kernel picks it; it is released at once). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 9099;
  const emulator = await ensureEmulator({ port });
  console.log(`Auth emulator ready on ${emulator.host}${emulator.started ? '' : ' (already running)'}`);
  const shutdown = async () => {
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  if (!emulator.started) process.exit(0);
  setInterval(() => undefined, 1 << 30);
}
