import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The real entry point (api/dist main.js) as its own process, as it runs in production: for tests
 * of signals, logs and several instances side by side.
 */
const API = path.resolve(__dirname, '../..');
/** One build per jest run (its database name is the run's own), shared by the files that need it. */
const OUT = path.join(API, 'node_modules', '.cache', `ops-test-dist-${process.env.TEST_DATABASE_NAME ?? 'local'}`);

/**
 * Compiles the api once per test run into a cache folder (not api/dist): six suites start the real
 * entry point, and a full tsc each cost them 30-60 s apiece. The global teardown removes the folder.
 */
export function buildApiEntryPoint(): string {
  const done = path.join(OUT, '.complete');
  if (!fs.existsSync(done)) {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(API, 'tsconfig.build.json'), '--outDir', OUT], {
      stdio: 'inherit',
    });
    fs.writeFileSync(done, '');
  }
  return path.join(OUT, 'main.js');
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  log(): string;
  /** SIGKILL if still running; resolves once it has exited. */
  kill(): Promise<void>;
}

export async function startApiProcess(entryPoint: string, env: Record<string, string>): Promise<ApiProcess> {
  let log = '';
  const child = spawn(process.execPath, [entryPoint], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: 'none',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 60_000;
  while (!/listening on (http:\/\/\S+)"/.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the api did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = /listening on (http:\/\/\S+)"/.exec(log)![1]!.replace('localhost', '127.0.0.1');
  return {
    child,
    url,
    log: () => log,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
