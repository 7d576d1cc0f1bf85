#!/usr/bin/env node
// `npm start`: the whole of Campus Clips on one port, with nothing to configure.
//   1. builds the shared rules (packages/rules/dist), the api (tsc -> api/dist) and the web app
//      (vite -> web/dist) when missing or stale;
//   2. starts the Firebase Auth emulator (a child, own process group);
//   3. starts the api on the embedded PGlite database in ./data, serving the web app too;
//   4. waits for /readyz and the demo campus, then prints the address and the demo logins.
// Ctrl-C or SIGTERM stops every child process group; nothing is left running.
// Settings: PORT (8000), AUTH_EMULATOR_PORT (9099), SEED_DEMO=false, LOG_FORMAT=json (raw api logs,
// every request; the readable form shows only failed requests),
// and every api variable in docs/operations.md except DATABASE_URL (npm start is the embedded mode).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 8000);
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT || 9099);
const rawLogs = process.env.LOG_FORMAT === 'json';
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
const say = (line) => console.log(`[start] ${line}`);

const children = new Set(); // running child processes, each the leader of its own process group
let stopping = false;
let emulator = null;
let emulatorStartedAt = 0; // set while ensureEmulator runs, to stop an emulator that is still booting

process.on('SIGINT', () => void stop(0, 'SIGINT'));
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));
process.on('SIGHUP', () => void stop(0, 'SIGHUP'));
process.on('uncaughtException', (error) => {
  console.error('[start] unexpected error:', error);
  void stop(1);
});

async function main() {
  if (!fs.existsSync(path.join(root, 'node_modules', 'firebase-tools'))) {
    throw new Error('Dependencies are missing: run `npm install` first, then `npm start`.');
  }
  if (process.env.DATABASE_URL)
    say('DATABASE_URL is ignored: npm start always runs the embedded database in ./data (see docs/operations.md for PostgreSQL).');

  await claimDataDir();
  if (!(await portIsFree(port, process.env.HOST || '0.0.0.0'))) {
    throw new Error(`Port ${port} is already in use (another Campus Clips?). Stop it, or start on another port: PORT=8001 npm start`);
  }
  // The shared input rules first: the api requires their build, the web app bundles it.
  const rules = ['packages/rules/src', 'packages/rules/tsconfig.json', 'packages/rules/tsconfig.esm.json', 'packages/rules/package.json'];
  await buildIfStale('packages/rules', path.join(root, 'packages', 'rules', 'dist', 'index.js'), rules);
  await buildIfStale('api', path.join(root, 'api', 'dist', 'main.js'), [
    'api/src',
    'api/tsconfig.json',
    'api/tsconfig.build.json',
    'api/package.json',
    ...rules,
  ]);
  // The web build makes the app, then the GraphQL IDE inside it (web/dist/graphql-ide): the IDE is the last thing written.
  const webSources = [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/ide',
    'web/vite.ide.config.ts',
    'web/package.json',
  ];
  await buildIfStale('web', path.join(root, 'web', 'dist', 'graphql-ide', 'index.html'), [...webSources, ...rules]);
  if (stopping) return;

  say(`starting the auth emulator on 127.0.0.1:${emulatorPort} (takes 10-20 s)`);
  const { ensureEmulator } = await import('./emulator.mjs');
  emulatorStartedAt = Date.now();
  // Accounts are saved in the data folder when it stops, so sign-ups survive a restart.
  const persistDir = path.join(dataDir, 'auth-emulator');
  emulator = await ensureEmulator({ port: emulatorPort, persistDir });
  if (emulator.started) recordChild(emulator.pid);
  emulatorStartedAt = 0;
  if (!emulator.started) say(`an auth emulator is already running on ${emulator.host}; using it`);
  else {
    await waitForImportedAccounts(emulator.host, persistDir);
    watchEmulator(emulator.pid);
  }
  if (stopping) return;

  // The emulator accepts unsigned tokens, so the api refuses it in production: npm start is never production.
  if (process.env.NODE_ENV === 'production') say('NODE_ENV=production is ignored: npm start runs the auth emulator (development mode).');
  // Sign-up is open (issue 25): a newcomer tries the app with any address; SIGNUP_MODE=restricted to try the other.
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SIGNUP_MODE: process.env.SIGNUP_MODE || 'open',
  };
  delete env.DATABASE_URL;
  const api = run(process.execPath, [path.join(root, 'api', 'dist', 'main.js')], { env, pipeOutput: true });
  recordChild(api.pid);
  let demoLine = null;
  api.onLogLine = (entry) => {
    if (entry.demo) demoLine = entry;
  };
  api.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] the api stopped unexpectedly (${signal ?? `exit code ${code}`})`);
    void stop(1);
  });

  const base = `http://localhost:${port}`;
  // Up first (the process answers), then ready: on a first start /readyz waits for the demo campus,
  // whose videos transcode for up to ten minutes on a slow machine (demo-campus.ts), and the api logs
  // its progress meanwhile. One short limit for both stopped a slow first start that was working.
  await waitFor(`the api on ${base}`, 180_000, async () => {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  });
  await waitFor('the demo campus', 12 * 60_000, async () => {
    const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
    return response.ok && demoLine !== null;
  });
  if (stopping) return;
  printWelcome(base, demoLine);
}

function printWelcome(base, demo) {
  const lines = ['', `  Campus Clips is running at ${base}`, ''];
  if (demo.demo === 'seeded' || demo.demo === 'present' || demo.demo === 'restored') {
    const { DEMO_STUDENTS, DEMO_PASSWORD } = loadDemoRoster();
    lines.push(`  Demo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const student of DEMO_STUDENTS) lines.push(`    ${student.email.padEnd(36)} ${student.displayName}`);
  } else if (demo.demo === 'failed') {
    lines.push('  The demo campus could not be loaded (see the log above); sign up to get started.');
  } else {
    lines.push(`  No demo campus (${demo.reason}); sign up to get started.`);
  }
  lines.push('', `  Auth emulator: http://${emulator.host}   Data: ${dataDir}`, '  Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

function loadDemoRoster() {
  // The compiled roster is CommonJS: one list for the seeder and for this welcome text.
  return createRequire(import.meta.url)(path.join(root, 'api', 'dist', 'demo', 'demo-students.js'));
}

/**
 * One `npm start` per data folder: two processes on one embedded database would corrupt it. The
 * lock file also names the children, so a run that was killed outright (no chance to stop them)
 * has its api and emulator stopped by the next run instead of left holding the database and ports.
 */
const lockFile = path.join(dataDir, 'npm-start.pid');
let lock = null;

async function claimDataDir() {
  fs.mkdirSync(dataDir, { recursive: true });
  let previous = null;
  try {
    previous = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
  } catch {
    // no earlier run, or an unreadable file: nothing to clean up
  }
  if (previous?.start && previous.start !== process.pid && isAlive(previous.start)) {
    throw new Error(`Campus Clips is already running from ${dataDir} (process ${previous.start}). Stop it first, or use another DATA_DIR.`);
  }
  const orphans = (previous?.children ?? []).filter((pid) => isAlive(pid) && commandLineOf(pid).includes(root));
  if (orphans.length) {
    say(`stopping processes an earlier run left behind: ${orphans.join(', ')}`);
    for (const pid of orphans) signalGroup({ pid }, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (orphans.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    for (const pid of orphans.filter(isAlive)) signalGroup({ pid }, 'SIGKILL');
  }
  lock = { start: process.pid, children: [] };
  fs.writeFileSync(lockFile, JSON.stringify(lock));
}

function recordChild(pid) {
  if (!lock || !pid) return;
  lock.children.push(pid);
  fs.writeFileSync(lockFile, JSON.stringify(lock));
}

function releaseDataDir() {
  if (lock) fs.rmSync(lockFile, { force: true });
}

function commandLineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return ''; // not Linux, or gone: leave it alone
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `npm run build -w <workspace>` when the output is missing or older than any source file. */
async function buildIfStale(workspace, output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt && builtAt >= newest) return;
  say(`building the ${workspace} (${builtAt ? 'sources changed' : 'first run'})`);
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  const child = run(command, [...args, 'run', 'build', '-w', workspace], { env: process.env, pipeOutput: false });
  const code = await new Promise((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
  if (stopping) return;
  if (code !== 0) throw new Error(`Building the ${workspace} failed (exit code ${code}); see the output above.`);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Starts a child as the leader of a new process group, so stopping it stops everything it started. */
function run(command, args, { env, pipeOutput }) {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: pipeOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (pipeOutput) {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = parseJson(line);
      if (entry) child.onLogLine?.(entry);
      if (rawLogs || !entry) console.log(line);
      else if (!isQuietRequest(entry)) console.log(formatLogLine(entry));
    });
    readline.createInterface({ input: child.stderr }).on('line', (line) => console.error(line));
  }
  return child;
}

function parseJson(line) {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** In the readable form, answered requests are noise (every video range, every asset); failures are not. */
function isQuietRequest(entry) {
  return entry.msg === 'request' && typeof entry.status === 'number' && entry.status < 400;
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** pino's JSON made readable in a terminal: time, level, message, and the request summary. */
function formatLogLine(entry) {
  const time = new Date(entry.time ?? Date.now()).toISOString().slice(11, 19);
  const level = (LEVELS[entry.level] ?? 'info').padEnd(5);
  const request = entry.method ? ` ${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms` : '';
  const error = entry.err ? ` ${entry.err.message ?? ''}` : '';
  return `[api] ${time} ${level} ${entry.msg ?? ''}${request}${error}`;
}

/** Without its emulator nobody can sign in: say so and stop, rather than keep half an app running. */
function watchEmulator(pid) {
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      clearInterval(timer);
      if (stopping) return;
      console.error('[start] the auth emulator stopped unexpectedly; stopping. Run `npm start` again.');
      void stop(1);
    }
  }, 2000);
  timer.unref();
}

/**
 * The emulator answers before it has finished loading the saved accounts; the api must not look
 * for the demo accounts (and create them again) meanwhile. The last saved account is loaded last.
 */
async function waitForImportedAccounts(host, persistDir) {
  let users = [];
  try {
    users = JSON.parse(fs.readFileSync(path.join(persistDir, 'auth_export', 'accounts.json'), 'utf8')).users ?? [];
  } catch {
    return; // nothing saved yet
  }
  const last = users.at(-1);
  if (!last?.localId) return;
  const { PROJECT_ID } = await import('./emulator.mjs');
  await waitFor('the saved accounts to load', 60_000, async () => {
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [last.localId] }),
      signal: AbortSignal.timeout(2000),
    });
    return response.ok && ((await response.json()).users ?? []).length > 0;
  });
}

function portIsFree(portNumber, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(portNumber, host, () => probe.close(() => resolve(true)));
  });
}

async function waitFor(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping) {
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Stops the api (SIGTERM: it drains and closes the database), then the emulator; exits. */
async function stop(code, signal) {
  if (stopping) return;
  stopping = true;
  if (signal) say(`${signal}: stopping`);
  await Promise.all([...children].map((child) => stopGroup(child, 20_000)));
  if (emulator) await emulator.stop();
  else if (emulatorStartedAt) stopBootingEmulator();
  releaseDataDir();
  process.exit(code);
}

async function stopGroup(child, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), graceMs));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signalGroup(child, 'SIGKILL');
    await exited;
  }
}

/** Ctrl-C while the emulator boots: ensureEmulator has not returned its stop() yet, but wrote a PID file. */
function stopBootingEmulator() {
  const pidFile = path.join(root, '.emulator', `auth-${emulatorPort}.pid`);
  try {
    if (fs.statSync(pidFile).mtimeMs < emulatorStartedAt - 1000) return; // someone else's
    process.kill(-Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
    fs.rmSync(pidFile, { force: true });
  } catch {
    // no PID file yet, or already gone
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

// Last, so every constant above is initialised before the first log line arrives.
try {
  await main();
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  await stop(1);
}
