// A second campus for the campus-first tests (issue 25). The run's api makes its first campus from
// FIRST_CAMPUS; another one is written into this run's database as the operator's admin command
// would (the api looks a domain up afresh before it refuses an address, so no restart is needed).
import fs from 'node:fs';
import pg from 'pg';
import { e2eSettings } from './settings';

export async function addCampus(name: string, shortName: string, domain: string): Promise<void> {
  const { databaseName } = JSON.parse(fs.readFileSync(e2eSettings.stateFile, 'utf8')) as { databaseName: string | null };
  if (!databaseName) throw new Error('this run has no database yet (global setup did not finish)');
  const url = new URL(e2eSettings.adminDatabaseUrl);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(
      `WITH campus AS (INSERT INTO campuses (name, short_name) VALUES ($1, $2) RETURNING id)
       INSERT INTO campus_domains (domain, campus_id) SELECT $3, id FROM campus`,
      [name, shortName, domain],
    );
  } finally {
    await client.end();
  }
}
