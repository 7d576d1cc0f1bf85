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
}
