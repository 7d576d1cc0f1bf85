// A second campus for the campus-first tests (issue 25), made as an operator makes one:
// `npm run admin -- campus add <name> <SHORT> <domain>` (the built command, on this run's database).
// The api looks a domain up afresh before it refuses an address, so the running api takes it at once.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { e2eSettings } from './settings';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const runFile = promisify(execFile);

/** Runs the admin command's `campus add`; returns what it printed. */
export async function addCampus(name: string, shortName: string, domain: string): Promise<string> {
  const { databaseName } = JSON.parse(fs.readFileSync(e2eSettings.stateFile, 'utf8')) as { databaseName: string | null };
  if (!databaseName) throw new Error('this run has no database yet (global setup did not finish)');
  const databaseUrl = new URL(e2eSettings.adminDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const { stdout } = await runFile(
    process.execPath,
    [path.join(repoRoot, 'api', 'dist', 'admin-cli.js'), 'campus', 'add', name, shortName, domain],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl.toString(),
        FIREBASE_AUTH_EMULATOR_HOST: e2eSettings.authEmulatorHost,
        REDIS_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
    },
  );
  return stdout;
}
