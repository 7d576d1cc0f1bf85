// Ports and paths shared by the Playwright config, the global setup/teardown and the tests.
// Each run picks its own ports (unless E2E_API_PORT / E2E_AUTH_PORT are given), so several runs
// on one machine (a developer's and a CI check's) never share an api, an emulator or a database.
// The runner loads this first and writes the choice into the environment its workers inherit.
import os from 'node:os';
import path from 'node:path';

function portFromEnvironment(name: string, rangeStart: number): number {
  if (!process.env[name]) process.env[name] = String(rangeStart + Math.floor(Math.random() * 2000));
  return Number(process.env[name]);
}

const apiPort = portFromEnvironment('E2E_API_PORT', 31000);
const authPort = portFromEnvironment('E2E_AUTH_PORT', 33000);

export const e2eSettings = {
  apiPort,
  authPort,
  baseURL: `http://127.0.0.1:${apiPort}`,
  authEmulatorHost: `127.0.0.1:${authPort}`,
  adminDatabaseUrl: process.env.E2E_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** One file per run: what it started, so its teardown (or a later run, after a crash) stops exactly that. */
  runsDir: path.join(os.tmpdir(), 'campus-e2e-runs'),
  stateFile: path.join(os.tmpdir(), 'campus-e2e-runs', `${apiPort}.json`),
  /** A private web build: never races a developer's `vite build` into web/dist. */
  webDist: path.join(os.tmpdir(), `campus-e2e-web-${apiPort}`),
  mediaDir: path.join(os.tmpdir(), `campus-e2e-media-${apiPort}`),
};
