// Stops the api and the auth emulator this run's setup started, drops its database and removes
// its web build and media folder.
import { stopThisRun } from './support/run-state';

export default async function globalTeardown(): Promise<void> {
  await stopThisRun();
}
