#!/usr/bin/env node
// Transcoding: phone-like clips (H.264 1080×1920 at 30 fps with sound, as phones record portrait
// video) posted through the real api, transcoded by 1 and then 2 `npm run worker` processes
// (api/dist/worker.js, one transcode each). Reports seconds of video transcoded per second of wall
// time, how long jobs waited in the queue (pg-boss's created → started), and the api's Explore feed
// (rps, p99) with the workers idle and while they transcode.
// Standalone: node bench/transcoding.mjs [--smoke]   (smoke: 2 short 640×360 clips; needs `npm run build -w api`)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runHttp } from './lib/load.mjs';
import { createStudent, createUpload, patchUpload, round, runStandalone, sleep } from './lib/standalone.mjs';
import { gql, gqlRequest, OPS } from './scenarios/graphql.mjs';

export async function measureTranscoding(ctx) {
  const clips = ctx.smoke ? { count: 2, seconds: 3, size: '360x640' } : { count: 6, seconds: 15, size: '1080x1920' };
  const clip = makeClip(clips.seconds, clips.size);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-transcoding-'));
  const api = await ctx.startApi({ MEDIA_DIR: mediaDir, TRANSCODE_WORKERS: '0', JOB_POLL_SECONDS: '1' });
  const rows = [];
  const details = {};
  try {
    const student = await createStudent(ctx.emulatorHost, api.url, 'Transcoding Bench');
    const feed = [gqlRequest(student.token, OPS.explore, { first: 10 })];
    const feedSeconds = ctx.smoke ? 1.5 : 5;
    const idleFeed = await runHttp({ url: api.url, requests: feed, seconds: feedSeconds, warmupSeconds: 0.5 });
    rows.push(feedRow('explore feed, no transcoding', idleFeed));

    for (const workerCount of [1, 2]) {
      const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(ctx, api, mediaDir)));
      try {
        const started = Date.now();
        const postIds = [];
        for (let i = 0; i < clips.count; i += 1) postIds.push(await postClip(api.url, student, clip, `bench-${workerCount}-${i}.mp4`));
        // The feed measured while the workers are busy with those clips.
        const busyFeed = await runHttp({ url: api.url, requests: feed, seconds: feedSeconds });
        await untilReady(api.url, student, postIds);
        const wallSeconds = (Date.now() - started) / 1000;
        const waits = await queueWaits(ctx.databaseUrl, postIds);
        const videoSeconds = clips.count * clips.seconds;
        rows.push({
          name: `transcoding, ${workerCount} worker${workerCount > 1 ? 's' : ''}: ${clips.count} clips of ${clips.seconds} s at ${clips.size}`,
          videoSecondsPerSecond: round(videoSeconds / wallSeconds, 2),
          wallSeconds: round(wallSeconds, 1),
          queueWaitP50s: round(waits[Math.floor(waits.length / 2)], 1),
          queueWaitMaxS: round(waits.at(-1), 1),
        });
        rows.push(feedRow(`explore feed while ${workerCount} worker${workerCount > 1 ? 's' : ''} transcode`, busyFeed));
        details[`workers${workerCount}`] = { waits };
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
    }
  } finally {
    await api.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
  return {
    rows,
    details,
    notes: [
      `Clips: ffmpeg testsrc + sine, H.264 ${clips.size} at 30 fps, ${clips.seconds} s each; renditions up to 720p and 360p (veryfast, 2 threads each).`,
      'The api runs no worker here (TRANSCODE_WORKERS=0); each worker is its own process (api/dist/worker.js) taking one job at a time.',
      `Machine: ${os.cpus().length} cores; the api, PostgreSQL, the workers and the load generator share them.`,
    ],
  };
}

function feedRow(name, result) {
  return { name, rps: result.rps, p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors };
}

function makeClip(seconds, size) {
  const file = path.join(os.tmpdir(), `campus-bench-clip-${size}-${seconds}s.mp4`);
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=d=${seconds}`],
      ...['-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', file],
    ]);
  }
  return fs.readFileSync(file);
}

async function postClip(apiUrl, student, bytes, filename) {
  const uploadUrl = await createUpload(apiUrl, student.token, bytes.length, { filename });
  const response = await patchUpload(uploadUrl, student.token, 0, bytes);
  if (response.status !== 204) throw new Error(`tus patch: ${response.status} ${await response.text()}`);
  const data = await gql(apiUrl, student.token, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
    input: { videoUrl: response.headers.get('x-media-url'), caption: 'Transcoding bench' },
  });
  return data.createPost.id;
}

async function untilReady(apiUrl, student, postIds) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const states = await Promise.all(
      postIds.map(async (id) => (await gql(apiUrl, student.token, `query($id: ID!) { post(id: $id) { status } }`, { id })).post?.status),
    );
    if (states.includes('FAILED')) throw new Error('a bench clip failed to transcode');
    if (states.every((state) => state === 'READY')) return;
    if (Date.now() > deadline) throw new Error(`clips still processing: ${states.join(', ')}`);
    await sleep(250);
  }
}

/** Seconds each post's job waited in the queue before a worker started it, sorted. */
async function queueWaits(databaseUrl, postIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT extract(epoch FROM started_on - created_on)::float AS wait FROM pgboss.job
        WHERE name = 'video-transcode' AND data->>'postId' = ANY($1) ORDER BY 1`,
      [postIds],
    );
    return rows.map((row) => row.wait);
  } finally {
    await client.end();
  }
}

/** A `npm run worker` process on the api's database and media folder. */
async function startWorker(ctx, api, mediaDir) {
  const worker = path.join(ctx.root, 'api', 'dist', 'worker.js');
  const child = spawn(process.execPath, [worker], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      DATABASE_URL: ctx.databaseUrl,
      MEDIA_DIR: mediaDir,
      FIREBASE_AUTH_EMULATOR_HOST: ctx.emulatorHost,
      FIREBASE_PROJECT_ID: 'demo-campus-clips',
      TRANSCODE_WORKERS: '1',
      JOB_POLL_SECONDS: '1',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (!log.includes('worker transcoding')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${log}`);
    await sleep(100);
  }
  void api;
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await runStandalone('transcoding', measureTranscoding);
}
