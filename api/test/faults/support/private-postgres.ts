import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../support/free-port';

/**
 * A PostgreSQL cluster of the test's own, on a free port, that the test may stop and start at
 * will (the machine's shared cluster on 5432 is never touched). Debian's postgresql-common tools
 * do the work, as an operator would: pg_createcluster, pg_ctlcluster, pg_dropcluster. Needs root
 * (CI and the dev machine run as root).
 *
 * Clusters are named campus_faults_<pid>_<label>. The test drops its cluster in afterAll; a run
 * killed before that leaves a cluster whose pid is gone, and the next run drops it.
 */
const run = promisify(execFile);
const PREFIX = 'campus_faults_';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** pg_ctlcluster stop -m fast: clients are disconnected, open transactions roll back. */
  stop(): Promise<void>;
  /** pg_ctlcluster start; returns once the server accepts connections. */
  start(): Promise<void>;
  /** True when a new connection can run SELECT 1. */
  acceptsQueries(): Promise<boolean>;
  createDatabase(name: string): Promise<void>;
  drop(): Promise<void>;
}

function majorVersion(): string {
  const installed = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)) : [];
  const major = installed.sort((a, b) => Number(b) - Number(a))[0];
  if (!major) throw new Error('No PostgreSQL server under /usr/lib/postgresql: install postgresql (Debian) to run the fault tests');
  return major;
}

function ctl(major: string, name: string, action: 'start' | 'stop'): Promise<unknown> {
  const args = ['--skip-systemctl-redirect', major, name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])];
  return run('pg_ctlcluster', args, { timeout: 60_000 });
}

function dropSync(major: string, name: string): void {
  try {
    execFileSync('pg_dropcluster', ['--stop', major, name], { stdio: 'ignore', timeout: 30_000 });
  } catch {
    // already gone
  }
}

/** Drops clusters left by fault-test runs whose process no longer exists. */
function dropLeftovers(major: string): void {
  const listing = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  for (const line of listing.split('\n')) {
    const [version, name] = line.trim().split(/\s+/);
    const pid = name?.startsWith(PREFIX) ? Number(name.slice(PREFIX.length).split('_')[0]) : NaN;
    if (version !== major || !Number.isInteger(pid) || pidAlive(pid)) continue;
    dropSync(major, name!);
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function create(major: string, name: string, port: number): Promise<void> {
  await run(
    'pg_createcluster',
    [
      major,
      name,
      '--port',
      String(port),
      '--start-conf',
      'manual', // never started by the machine's init scripts
      '-o',
      'max_connections=40',
      '-o',
      'fsync=off', // a throw-away cluster: no need to wait for the disk
      '--',
      '--auth=trust',
    ],
    { timeout: 60_000 },
  );
  await ctl(major, name, 'start');
}

export async function createPrivatePostgres(label: string): Promise<PrivatePostgres> {
  const major = majorVersion();
  dropLeftovers(major);
  const name = `${PREFIX}${process.pid}_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  dropSync(major, name);
  const port = await freePort();
  try {
    await create(major, name, port);
  } catch (error) {
    dropSync(major, name);
    throw error;
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  return {
    port,
    url,
    stop: () => ctl(major, name, 'stop').then(() => undefined),
    start: () => ctl(major, name, 'start').then(() => undefined),
    async acceptsQueries() {
      try {
        await query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    createDatabase: (database) => query(`CREATE DATABASE ${database}`),
    async drop() {
      dropSync(major, name);
    },
  };
}
