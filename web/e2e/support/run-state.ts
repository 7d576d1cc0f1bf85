// What one browser-test run started (process ids, database name), kept in a file so the teardown,
// or the next run after a crash, can stop exactly those things and nothing else.
import fs from 'node:fs';
import pg from 'pg';
import { e2eSettings } from './settings';

export interface RunState {
  emulatorPid: number | null;
  apiPid: number | null;
  databaseName: string | null;
}

function readState(): RunState | null {
  try {
    return JSON.parse(fs.readFileSync(e2eSettings.stateFile, 'utf8')) as RunState;
  } catch {
    return null;
  }
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

export async function stopRun(): Promise<void> {
  const state = readState();
  if (!state) return;
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
  fs.rmSync(e2eSettings.stateFile, { force: true });
}
