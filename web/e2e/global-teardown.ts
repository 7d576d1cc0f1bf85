// Stops the api and the auth emulator the setup started and drops the run's database.
import fs from 'node:fs';
import { e2eSettings } from './support/settings';
import { stopRun } from './support/run-state';

export default async function globalTeardown(): Promise<void> {
  await stopRun();
  fs.rmSync(e2eSettings.mediaDir, { recursive: true, force: true });
}
