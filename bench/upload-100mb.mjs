#!/usr/bin/env node
// Measures one 100 MB video upload through the real api: throughput and the server's memory.
// Needs PostgreSQL (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) and a
// built api (`npm run build -w api`); starts the Auth emulator if none is running.
// Usage: node bench/upload-100mb.mjs   -> prints a summary and writes bench/results/upload-100mb.json
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureEmulator } from '../scripts/emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'api', 'package.json'));
const apiMain = path.join(path.resolve(process.env.API_DIST ?? path.join(root, 'api', 'dist')), 'main.js');
const MiB = 1024 * 1024;
const CHUNK = 5 * MiB; // what the web client sends per PATCH

async function main() {
  if (!fs.existsSync(apiMain)) throw new Error(`${apiMain} not found: run "npm run build -w api" first`);
  const video = await ensureVideo();
  const bytes = fs.readFileSync(video);

  const emulator = await ensureEmulator({ port: Number(process.env.TEST_AUTH_EMULATOR_PORT || 9099) });
  const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `campus_bench_${Date.now()}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${database}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  const port = await freePort();
  const server = spawn(process.execPath, [apiMain], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      MEDIA_DIR: mediaDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SEED_DEMO: 'false',
      WEB_DIST: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => {
      if (server.exitCode !== null) throw new Error(`the api exited with code ${server.exitCode}`);
      return (await fetch(`${base}/healthz`)).ok;
    }, 60_000);
    const token = await signUp(emulator.host);
    const runs = [];
    for (const [label, chunkSize] of [
      ['5 MiB PATCH requests (the web client)', CHUNK],
      ['one PATCH request', bytes.length],
    ]) {
      runs.push(await measureUpload(base, token, bytes, chunkSize, server.pid, label));
    }
    const result = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 1024 ** 3), node: process.version },
      fileBytes: bytes.length,
      store: 'local disk',
      runs,
    };
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'upload-100mb.json'), `${JSON.stringify(result, null, 2)}\n`);
    for (const run of runs) {
      console.log(
        `${run.label}: ${run.seconds.toFixed(2)} s, ${run.mbPerSecond.toFixed(1)} MB/s (MiB/s), server RSS ${run.rssBeforeMiB} MiB before, peak ${run.rssPeakMiB} MiB (+${run.rssPeakMiB - run.rssBeforeMiB} MiB), last PATCH (with probe and poster) ${run.lastPatchSeconds.toFixed(2)} s`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await emulator.stop?.();
  }
}

/** A real, decodable ~100 MB MP4 (lossless test pattern), made once and cached. */
async function ensureVideo() {
  const cached = path.join(root, 'bench', '.cache', 'upload-100mb.mp4');
  if (fs.existsSync(cached)) return cached;
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const ffmpeg = process.env.FFMPEG_PATH || require('@ffmpeg-installer/ffmpeg').path;
  execFileSync(ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-t', '120',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-fs', String(100 * MiB - 2 * MiB), cached,
  ]);
  return cached;
}

async function measureUpload(base, token, bytes, chunkSize, pid, label) {
  const rssBefore = rssMiB(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  const created = await fetch(`${base}/uploads`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `kind ${b64('video')},filename ${b64('bench.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const uploadUrl = new URL(created.headers.get('location'), base).toString();
  let offset = 0;
  let lastStarted = 0;
  let response;
  while (offset < bytes.length) {
    lastStarted = performance.now();
    response = await fetch(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `Bearer ${token}`,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset, offset + chunkSize),
    });
    if (response.status !== 204) throw new Error(`patch: ${response.status} ${await response.text()}`);
    offset = Number(response.headers.get('upload-offset'));
  }
  const lastFinished = performance.now() - lastStarted;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  return {
    label,
    chunkSize,
    seconds: round(seconds),
    mbPerSecond: round(bytes.length / MiB / seconds),
    // The last PATCH also probes the video, cuts the poster and moves the file into place.
    lastPatchSeconds: round(lastFinished / 1000),
    rssBeforeMiB: rssBefore,
    rssPeakMiB: peak,
    mediaUrl: response.headers.get('x-media-url'),
  };
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function signUp(host) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@campus.test`, password: 'Secret#123', returnSecureToken: true }),
  });
  return (await response.json()).idToken;
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      if (/exited/.test(error.message)) throw error; // not up yet otherwise
    }
    if (Date.now() > until) throw new Error('the api did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const b64 = (text) => Buffer.from(text).toString('base64');
const round = (n) => Math.round(n * 100) / 100;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
