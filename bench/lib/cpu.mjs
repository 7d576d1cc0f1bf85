// CPU time spent by the api process and by the PostgreSQL backends serving one database, over a
// measured interval, read from /proc (Linux): what a request costs, apart from how fast it came back.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

// Linux reports utime/stime in clock ticks; USER_HZ is 100 on every architecture Linux runs here.
const TICK_MS = 10;

/** utime + stime of a process in ms, or 0 when it is gone. */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * Measures from start() to stop(): the api process's CPU (when `apiPid` is given) and the CPU of
 * every PostgreSQL backend connected to `database` (the api's pool or the floor's), the meter's
 * own connection left out. stop() answers { apiCpuMs, postgresCpuMs, load1m }.
 */
export function cpuMeter({ databaseUrl, database, apiPid = null }) {
  let client = null;
  let before = null;
  const backends = async () => {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
  };
  return {
    async start() {
      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      before = { api: apiPid ? processCpuMs(apiPid) : 0, backends: await backends() };
    },
    async stop() {
      try {
        const api = apiPid ? processCpuMs(apiPid) - before.api : null;
        const after = await backends();
        // A backend that started during the interval counts whole; one that ended is lost (rare: the pools keep theirs).
        let postgres = 0;
        for (const [pid, ms] of after) postgres += ms - (before.backends.get(pid) ?? 0);
        return { apiCpuMs: api, postgresCpuMs: postgres, load1m: Math.round(os.loadavg()[0] * 100) / 100 };
      } finally {
        await client.end();
      }
    },
  };
}
