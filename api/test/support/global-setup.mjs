// Once per jest run: the real Firebase Auth emulator and a fresh PostgreSQL database of its own.
import pg from 'pg';
import { ensureEmulator } from '../../../scripts/emulator.mjs';

export default async function globalSetup() {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9099);
  const emulator = await ensureEmulator({ port });
  globalThis.__CAMPUS_EMULATOR__ = emulator;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = 'demo-campus-clips';
  process.env.NODE_ENV = 'test';

  const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `campus_test_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_NAME = database;
  globalThis.__CAMPUS_ADMIN_URL__ = adminUrl;
}
