// Starts the built api (api/dist/main.js) as its own process, the way it runs in production, and
// stops it. Rate limits are off: the benchmark measures the request path, not the throttle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/emulator.mjs';

/** Settings every api process of a benchmark gets: real services, no demo data, no throttling. */
function apiEnv({ port, databaseUrl, emulatorHost, mediaDir }) {
  return {
    NODE_ENV: 'development',
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: 'demo-campus-clips',
    MEDIA_DIR: mediaDir,
    WEB_DIST: 'none',
    SEED_DEMO: 'false',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn', // warnings and errors reach the console; the request log would flood it
    // Request paths only: no transcoding in the background unless a benchmark asks (bench/transcoding.mjs
    // runs worker processes; bench/live.mjs an in-process worker for its one post).
    TRANSCODE_WORKERS: '0',
  };
}

/**
 * Resolves to { url, pid, stop() } once the api answers /healthz. Without `mediaDir` it gets a
 * temporary one of its own, removed on stop.
 */
export async function startApi({ root, databaseUrl, emulatorHost, mediaDir, extraEnv = {} }) {
  const main = path.join(root, 'api', 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} not found: run "npm run build -w api" first`);
  const port = await freePort();
  const ownMediaDir = mediaDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  const env = { ...process.env, ...apiEnv({ port, databaseUrl, emulatorHost, mediaDir: mediaDir ?? ownMediaDir }), ...extraEnv };
  if (!('REDIS_URL' in extraEnv)) delete env.REDIS_URL; // one instance means the in-process PubSub
  // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the api under load
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, main], { cwd: path.join(root, 'api'), env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the api did not answer /healthz within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const done = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
        if (!done) child.kill('SIGKILL');
      }
      await exited;
      if (ownMediaDir) fs.rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}
