// Starts everything the browser tests talk to: a Firebase Auth emulator on its own port, a fresh
// PostgreSQL database, a fresh web build and the api (serving that build) on its own port.
// global-teardown.ts stops them again using the state file written here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { e2eSettings } from './support/settings';
import { saveState, stopAbandonedRuns, type RunState } from './support/run-state';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default async function globalSetup(): Promise<void> {
  await stopAbandonedRuns(); // a run killed half-way may have left its api, emulator or database behind
  for (const url of [e2eSettings.baseURL, `http://${e2eSettings.authEmulatorHost}`]) {
    if (await answers(url)) throw new Error(`Something else already listens on ${url}; set E2E_API_PORT / E2E_AUTH_PORT to free ports.`);
  }

  const state: RunState = {
    runnerPid: process.pid,
    emulatorPid: null,
    apiPid: null,
    databaseName: null,
    leftovers: [e2eSettings.webDist, e2eSettings.mediaDir, path.join(repoRoot, '.emulator', `auth-${e2eSettings.authPort}.pid`)],
  };
  const save = () => saveState(state);
  save();

  const emulatorModule = await import(pathToFileURL(path.join(repoRoot, 'scripts', 'emulator.mjs')).href);
  const emulatorStart = emulatorModule.ensureEmulator({ port: e2eSettings.authPort });
  buildApiIfStale();
  buildWeb();
  const emulator = await emulatorStart;
  state.emulatorPid = emulator.started ? emulator.pid : null;
  save();

  state.databaseName = `campus_e2e_${Date.now()}`;
  await createDatabase(state.databaseName);
  save();

  fs.rmSync(e2eSettings.mediaDir, { recursive: true, force: true });
  const databaseUrl = new URL(e2eSettings.adminDatabaseUrl);
  databaseUrl.pathname = `/${state.databaseName}`;
  const api = spawn(process.execPath, [path.join(repoRoot, 'api', 'dist', 'main.js')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(e2eSettings.apiPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: e2eSettings.baseURL,
      DATABASE_URL: databaseUrl.toString(),
      FIREBASE_AUTH_EMULATOR_HOST: e2eSettings.authEmulatorHost,
      REDIS_URL: '',
      SEED_DEMO: 'false',
      // Issue 25: sign-up as production has it, restricted to one campus whose domain every test
      // student uses (@campus.test); campus-identity.spec.ts shows other addresses refused in the
      // browser (the api has its own tests of both modes).
      SIGNUP_MODE: 'restricted',
      FIRST_CAMPUS: 'Campus Test University|CTU|campus.test',
      MEDIA_DIR: e2eSettings.mediaDir,
      WEB_DIST: e2eSettings.webDist,
      LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
      // These tests watch clips become playable while two browsers load the machine; at niceness
      // 19 ffmpeg waited minutes for a turn. Priority has its own test (transcode-priority.test.ts).
      TRANSCODE_NICENESS: '0',
    },
  });
  let apiErrors = '';
  api.stderr?.on('data', (chunk) => {
    apiErrors += chunk;
    if (process.env.E2E_API_LOG_LEVEL) process.stderr.write(chunk);
  });
  state.apiPid = api.pid ?? null;
  save();
  await waitUntilReady(api, () => apiErrors);
}

function newestModification(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
}

/** api/dist is shared with developers: rebuild it only when it is missing or older than api/src. */
function buildApiIfStale(): void {
  const main = path.join(repoRoot, 'api', 'dist', 'main.js');
  const builtAt = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  if (builtAt < newestModification(path.join(repoRoot, 'api', 'src'))) run('npm', ['run', 'build', '-w', 'api'], repoRoot);
}

/**
 * The web app is built fresh into a private folder (a few seconds), so tests see today's code; the
 * GraphQL IDE is a build of its own that `npm run build -w web` puts inside it, at graphql-ide/.
 */
function buildWeb(): void {
  const web = path.join(repoRoot, 'web');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', e2eSettings.webDist, '--emptyOutDir'], web);
  const ide = path.join(e2eSettings.webDist, 'graphql-ide');
  run('npx', ['vite', 'build', '--config', 'vite.ide.config.ts', '--logLevel', 'warn', '--outDir', ide, '--emptyOutDir'], web);
}

async function createDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eSettings.adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(api: ReturnType<typeof spawn>, errors: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The api exited early (code ${api.exitCode}):\n${errors().slice(-3000)}`);
    try {
      const response = await fetch(`${e2eSettings.baseURL}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The api did not become ready on ${e2eSettings.baseURL} within 60 s:\n${errors().slice(-3000)}`);
}
