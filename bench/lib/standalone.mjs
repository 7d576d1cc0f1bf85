// What bench/live.mjs, bench/uploads.mjs and bench/web-weight.mjs need to run on their own
// (`node bench/live.mjs`): the same ctx bench/run.mjs hands them (a migrated PostgreSQL database of
// their own, the auth emulator, a way to start real api processes), plus the few client calls they
// share (emulator accounts, GraphQL over HTTP, tus uploads).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEmulator, freePort, PROJECT_ID } from '../../scripts/emulator.mjs';
import { withClient } from '../dataset/generate.mjs';
import { gql } from '../scenarios/graphql.mjs';
import { startApi } from './api-process.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A ctx like bench/run.mjs builds: own database (migrated by the first api started on it), own
 * media folder, own auth emulator (or the one on BENCH_AUTH_EMULATOR_PORT).
 * close() stops every api started through it and drops the database.
 */
export async function createStandaloneContext({ scale = 'campus', smoke = false } = {}) {
  // An emulator of its own (on a free port) unless one is named: a shared one may be stopped by its
  // owner in the middle of a run.
  const emulator = await ensureEmulator({ port: Number(process.env.BENCH_AUTH_EMULATOR_PORT) || (await freePort()) });
  const database = `campus_bench_${process.pid}_${Date.now()}`;
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${database}`));
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${database}`;
  const databaseUrl = dbUrl.toString();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  const running = new Set();
  const startOne = async (extraEnv = {}) => {
    const api = await startApi({ root, databaseUrl, emulatorHost: emulator.host, mediaDir, extraEnv });
    running.add(api);
    return {
      ...api,
      stop: async () => {
        running.delete(api);
        await api.stop();
      },
    };
  };
  // The first start runs the migrations, so databaseUrl is "already migrated" as run.mjs promises.
  await (await startOne()).stop();
  return {
    scale,
    smoke,
    root,
    databaseUrl,
    emulatorHost: emulator.host,
    mediaDir,
    startApi: startOne,
    async close() {
      await Promise.all([...running].map((api) => api.stop()));
      await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      fs.rmSync(mediaDir, { recursive: true, force: true });
      await emulator.stop();
    },
  };
}

/**
 * `node bench/<name>.mjs [--smoke] [--scale tiny|campus]`: builds a ctx, runs `measure`, prints the
 * rows and writes bench/results/<name>-latest.json (or <name>-smoke.json).
 */
export async function runStandalone(name, measure, { needsServices = true } = {}) {
  const args = process.argv.slice(2);
  const smoke = args.includes('--smoke');
  const scaleAt = args.indexOf('--scale');
  const scale = scaleAt >= 0 ? args[scaleAt + 1] : smoke ? 'tiny' : 'campus';
  let ctx = { scale, smoke, root };
  try {
    if (needsServices) ctx = await createStandaloneContext({ scale, smoke });
    const result = await measure(ctx);
    const report = { name, measuredAt: new Date().toISOString(), machine: machine(), scale, smoke, ...result };
    const file = path.join(root, 'bench', 'results', `${name}-${smoke ? 'smoke' : 'latest'}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.table(result.rows);
    for (const note of result.notes ?? []) console.log(`- ${note}`);
    console.log(`written ${path.relative(root, file)}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await ctx.close?.();
  }
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    // The machine is shared: the load at the end of the run says how quiet it was.
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

// ---- client calls shared by the modules ----

let accountSeq = 0;

/** A new emulator account with a synced Campus Clips profile: { uid, token }. */
export async function createStudent(emulatorHost, apiUrl, displayName = 'Bench Student') {
  const email = `bench-${process.pid}-${Date.now()}-${++accountSeq}@campus.test`;
  const password = 'Bench#12345';
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const account = await response.json();
  if (!response.ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(account)}`);
  const token = await verifiedToken(emulatorHost, account.localId, email, password);
  await gql(apiUrl, token, `mutation($input: SyncUserInput!) { syncUser(input: $input) { id } }`, {
    input: { displayName, dateOfBirth: '2001-03-04' },
  });
  return { uid: account.localId, token };
}

/**
 * Marks an emulator account's address verified (as opening the emulator's link would; issue 25:
 * posting and commenting need it) and signs in again for a token that says so.
 */
export async function verifiedToken(emulatorHost, uid, email, password) {
  const call = async (method, body, admin = false) => {
    const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(json)}`);
    return json;
  };
  await call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, emailVerified: true }, true);
  return (await call('accounts:signInWithPassword?key=demo-api-key', { email, password, returnSecureToken: true })).idToken;
}

const b64 = (text) => Buffer.from(text).toString('base64');

/** Starts a tus upload and returns its absolute URL. */
export async function createUpload(apiUrl, token, length, { kind = 'video', filename = 'bench.mp4', filetype = 'video/mp4' } = {}) {
  const response = await fetch(`${apiUrl}/uploads`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      'Upload-Length': String(length),
      'Upload-Metadata': `kind ${b64(kind)},filename ${b64(filename)},filetype ${b64(filetype)}`,
    },
  });
  if (response.status !== 201) throw new Error(`tus create: ${response.status} ${await response.text()}`);
  return new URL(response.headers.get('location'), apiUrl).toString();
}

/** One tus PATCH; resolves to the response (204 expected). */
export function patchUpload(uploadUrl, token, offset, body) {
  return fetch(uploadUrl, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body,
  });
}

/** A post of `student`'s with a real (small fixture) video, created like the web app does; resolves once it is ready (transcoded). */
export async function createPostWithVideo(apiUrl, student, caption = 'Bench post') {
  const clip = fs.readFileSync(path.join(root, 'fixtures', 'media', 'clips', 'colour-sweep.mp4'));
  const uploadUrl = await createUpload(apiUrl, student.token, clip.length);
  const response = await patchUpload(uploadUrl, student.token, 0, clip);
  if (response.status !== 204) throw new Error(`tus patch: ${response.status} ${await response.text()}`);
  const videoUrl = response.headers.get('x-media-url');
  const data = await gql(apiUrl, student.token, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
    input: { videoUrl, caption, tags: ['bench'] },
  });
  const id = data.createPost.id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { post } = await gql(apiUrl, student.token, `query($id: ID!) { post(id: $id) { status } }`, { id });
    if (post?.status === 'READY') return id;
    if (post?.status === 'FAILED' || Date.now() > deadline) throw new Error(`the bench post did not become ready: ${post?.status}`);
    await sleep(200);
  }
}

/**
 * The pid of an api started through ctx.startApi: its own `pid` when it reports one, otherwise the
 * process listening on its port (found through /proc, Linux only).
 */
export function apiPid(api) {
  if (api.pid) return api.pid;
  const port = Number(new URL(api.url).port);
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]); // 0A: LISTEN
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1])) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export { quantile, round } from './load.mjs';
