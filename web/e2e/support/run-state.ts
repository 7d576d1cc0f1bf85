// What one browser-test run started (process ids, database name, folders), kept in a file per run
// so its teardown stops exactly those things, and a later run can clean up after a run that was
// killed (its runner process is gone) without touching runs that are still going.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eSettings } from './settings';

export interface RunState {
  runnerPid: number;
  emulatorPid: number | null;
  apiPid: number | null;
  databaseName: string | null;
  /** Files and folders of the run (web build, media, the emulator pid file). */
  leftovers: string[];
}

function readState(file: string): RunState | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RunState;
  } catch {
    return null;
  }
}

export function saveState(state: RunState): void {
  fs.mkdirSync(e2eSettings.runsDir, { recursive: true });
  fs.writeFileSync(e2eSettings.stateFile, JSON.stringify(state));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the process group the setup started (detached), then waits for it to leave. */
async function stopProcessGroup(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 10_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

async function stopRunIn(file: string): Promise<void> {
  const state = readState(file);
  if (state) {
    if (state.apiPid) await stopProcessGroup(state.apiPid);
    if (state.emulatorPid) await stopProcessGroup(state.emulatorPid);
    if (state.databaseName && /^campus_e2e_\d+$/.test(state.databaseName)) {
      const client = new pg.Client({ connectionString: e2eSettings.adminDatabaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${state.databaseName} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    for (const leftover of state.leftovers ?? []) fs.rmSync(leftover, { recursive: true, force: true });
  }
  fs.rmSync(file, { force: true });
}

/** This run's teardown. */
export async function stopThisRun(): Promise<void> {
  await stopRunIn(e2eSettings.stateFile);
}

/** Cleans up after earlier runs whose runner died before its teardown; live runs are left alone. */
export async function stopAbandonedRuns(): Promise<void> {
  if (!fs.existsSync(e2eSettings.runsDir)) return;
  for (const name of fs.readdirSync(e2eSettings.runsDir)) {
    const file = path.join(e2eSettings.runsDir, name);
    const state = readState(file);
    if (!state || !isAlive(state.runnerPid)) await stopRunIn(file);
  }
}
