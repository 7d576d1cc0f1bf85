import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export default async function globalTeardown() {
  const database = process.env.TEST_DATABASE_NAME;
  if (database && !process.env.TEST_KEEP_DATABASE) {
    const client = new pg.Client({ connectionString: globalThis.__CAMPUS_ADMIN_URL__ });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  }
  await globalThis.__CAMPUS_EMULATOR__?.stop();
  // The run's build of the api entry point (api-process.ts).
  if (database) {
    const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    fs.rmSync(path.join(api, 'node_modules', '.cache', `ops-test-dist-${database}`), { recursive: true, force: true });
  }
}
