// Ports and paths shared by the Playwright config, the global setup/teardown and the tests.
// Own ports (not the development 8000/9099), so a browser run never touches a developer's data.
import os from 'node:os';
import path from 'node:path';

const apiPort = Number(process.env.E2E_API_PORT ?? 8187);
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9187);

export const e2eSettings = {
  apiPort,
  authPort,
  baseURL: `http://127.0.0.1:${apiPort}`,
  authEmulatorHost: `127.0.0.1:${authPort}`,
  adminDatabaseUrl: process.env.E2E_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** What the setup started, so the teardown (a separate module load) can stop it. */
  stateFile: path.join(os.tmpdir(), `campus-e2e-${apiPort}.json`),
  /** A private web build: never races a developer's `vite build` into web/dist. */
  webDist: path.join(os.tmpdir(), `campus-e2e-web-${apiPort}`),
  mediaDir: path.join(os.tmpdir(), `campus-e2e-media-${apiPort}`),
};
