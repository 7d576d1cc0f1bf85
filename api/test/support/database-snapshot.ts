import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * "Nothing changed": a snapshot of every table (row count and a checksum of its rows) and of the
 * media store's files. A suite that compares snapshots runs on a database and media folder of its
 * own, so other suites running at the same time cannot change what it sees.
 */
export interface StoreSnapshot {
  tables: Record<string, { rows: number; checksum: string }>;
  mediaFiles: string[];
}

export interface SuiteStore {
  /** Environment for startTestServer: the suite's own DATABASE_URL and MEDIA_DIR. */
  env: { DATABASE_URL: string; MEDIA_DIR: string };
  drop(): Promise<void>;
}

export async function createSuiteStore(label: string): Promise<SuiteStore> {
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) throw new Error('DATABASE_URL is not set (the jest global setup sets it)');
  const admin = new URL(runUrl);
  admin.pathname = '/postgres';
  const name = `${process.env.TEST_DATABASE_NAME ?? 'campus_test'}_${label}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await adminQuery(admin.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(admin.toString(), `CREATE DATABASE ${name}`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), `campus-${label}-media-`));
  return {
    env: { DATABASE_URL: url.toString(), MEDIA_DIR: mediaDir },
    async drop() {
      if (!process.env.TEST_KEEP_DATABASE) await adminQuery(admin.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await fs.rm(mediaDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function snapshotStore(dataSource: DataSource, mediaDir: string): Promise<StoreSnapshot> {
  const tables: Array<{ name: string }> = await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const snapshot: StoreSnapshot = { tables: {}, mediaFiles: await listFiles(mediaDir) };
  for (const { name } of tables) {
    const [row]: Array<{ rows: number; checksum: string | null }> = await dataSource.query(
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS checksum FROM "${name}" t`,
    );
    snapshot.tables[name] = { rows: row!.rows, checksum: row!.checksum ?? '' };
  }
  return snapshot;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const { size } = await fs.stat(file);
        return `${path.relative(root, file)} ${size}`;
      }),
  );
  return files.sort();
}
