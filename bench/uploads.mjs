#!/usr/bin/env node
// Uploads: one 100 MB video (a real, decodable MP4) through the real api's tus endpoint, as the web
// client sends it (5 MiB PATCH requests) and as one PATCH, against the disk-write speed measured in
// the same run (the same bytes written to a file in the api's media folder, fsync at the end), and
// the api process's peak memory growth while it takes the file.
// Standalone: node bench/uploads.mjs [--smoke]   (smoke: a 10 MB file; needs `npm run build -w api`)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { apiPid, cpuMs, createStudent, createUpload, round, runStandalone, sleep } from './lib/standalone.mjs';

const MiB = 1024 * 1024;
const WEB_CLIENT_CHUNK = 5 * MiB; // what the web app's tus client sends per PATCH
const TARGET_SHARE_OF_DISK = 0.5;
const TARGET_GROWTH_MIB = 64;

export async function measureUploads(ctx) {
  const sizeMiB = ctx.smoke ? 10 : 100;
  const bytes = fs.readFileSync(ensureVideo(ctx.root, sizeMiB));
  // A media folder of our own, so the disk-speed file lands on the same file system as the uploads.
  const mediaDir = fs.mkdtempSync(path.join(process.env.BENCH_MEDIA_PARENT || os.tmpdir(), 'campus-bench-uploads-'));
  const api = await ctx.startApi({ MEDIA_DIR: mediaDir });
  try {
    const pid = apiPid(api);
    const student = await createStudent(ctx.emulatorHost, api.url, 'Upload Bench');
    // Warm-up: the first upload loads the tus, probe and poster code paths; not counted.
    await upload(
      api.url,
      student.token,
      fs.readFileSync(path.join(ctx.root, 'fixtures', 'media', 'clips', 'colour-sweep.mp4')),
      WEB_CLIENT_CHUNK,
    );

    // The disk's speed varies from one write to the next on this shared machine: measured before,
    // between and after the uploads, the median is the reference.
    const disk = [diskWrite(mediaDir, bytes)];
    const runs = [];
    for (const [label, chunkSize] of [
      ['5 MiB PATCH requests (the web client)', WEB_CLIENT_CHUNK],
      ['one PATCH request', bytes.length],
    ]) {
      runs.push(await measureOne(api.url, student.token, bytes, chunkSize, pid, label));
      disk.push(diskWrite(mediaDir, bytes));
    }
    const diskMedian = [...disk].sort((a, b) => a.miBps - b.miBps)[1];
    const diskMiBps = diskMedian.miBps;

    const rows = [
      { scenario: `disk write, ${sizeMiB} MB + fsync (same folder)`, seconds: diskMedian.seconds, miBps: diskMiBps },
      ...runs.map((run) => ({
        scenario: `upload ${sizeMiB} MB: ${run.label}`,
        seconds: run.seconds,
        miBps: run.miBps,
        shareOfDisk: round(run.miBps / diskMiBps, 2),
        transferMiBps: run.transferMiBps,
        transferShareOfDisk: run.transferMiBps === null ? null : round(run.transferMiBps / diskMiBps, 2),
        rssGrowthMiB: run.rssGrowthMiB,
        lastPatchSeconds: run.lastPatchSeconds,
        apiCpuSeconds: run.apiCpuSeconds,
      })),
    ];
    const web = rows[1];
    const notes = [
      `File: ${bytes.length} bytes of real H.264 MP4 (the last PATCH also probes it, cuts the poster and moves it into place: inside the time).`,
      `Disk speed: the same bytes written with fs.writeSync in 5 MiB pieces to a file in the api's media folder, fsync at the end; measured before, between and after the uploads (${disk.map((d) => d.miBps).join(', ')} MiB/s), the median is the reference.`,
      `miBps is end to end (creating POST to the last answer, the finishing step included); transferMiBps is the bytes before the last PATCH over the time until it started (the streaming speed, without probe and poster; only with more than one PATCH).`,
      'The client sends through node:http (fetch tops out near 100-150 MiB/s on this machine, below the api).',
      `Memory: the api's VmRSS sampled every 10 ms and its VmHWM (peak reset through /proc/<pid>/clear_refs before each upload when allowed); growth = peak minus the RSS just before the upload.`,
      `Target ≥ ${TARGET_SHARE_OF_DISK * 100} % of disk speed: streaming ${web.transferShareOfDisk >= TARGET_SHARE_OF_DISK ? 'met' : 'missed'} (${Math.round(web.transferShareOfDisk * 100)} % with the web client's 5 MiB requests); end to end ${Math.round(web.shareOfDisk * 100)} % (5 MiB requests) and ${Math.round(rows[2].shareOfDisk * 100)} % (one request).`,
      `Target memory growth ≤ ${TARGET_GROWTH_MIB} MB: ${Math.max(web.rssGrowthMiB, rows[2].rssGrowthMiB) <= TARGET_GROWTH_MIB ? 'met' : 'missed'} (+${web.rssGrowthMiB} MiB and +${rows[2].rssGrowthMiB} MiB).`,
    ];
    return { rows, notes, fileBytes: bytes.length, store: 'local disk', disk: { runs: disk, medianMiBps: diskMiBps }, runs };
  } finally {
    await api.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

/** A real, decodable MP4 of about `sizeMiB` (lossless test pattern), made once with ffmpeg and cached. */
function ensureVideo(root, sizeMiB) {
  const cached = path.join(root, 'bench', '.cache', `upload-${sizeMiB}mb.mp4`);
  if (fs.existsSync(cached)) return cached;
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const require = createRequire(path.join(root, 'api', 'package.json'));
  const ffmpeg = process.env.FFMPEG_PATH || require('@ffmpeg-installer/ffmpeg').path;
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1080x1920:rate=30',
    '-t',
    '120',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-fs',
    String(sizeMiB * MiB - 2 * MiB),
    cached,
  ]);
  return cached;
}

/** The disk's own speed for these bytes: written in 5 MiB pieces, fsync'd, timed, removed. */
function diskWrite(dir, bytes) {
  const file = path.join(dir, `disk-speed-${Date.now()}.bin`);
  const started = performance.now();
  const fd = fs.openSync(file, 'w');
  for (let offset = 0; offset < bytes.length; offset += WEB_CLIENT_CHUNK) {
    fs.writeSync(fd, bytes, offset, Math.min(WEB_CLIENT_CHUNK, bytes.length - offset));
  }
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(file);
  return { seconds: round(seconds, 3), miBps: round(bytes.length / MiB / seconds) };
}

async function measureOne(apiUrl, token, bytes, chunkSize, pid, label) {
  await sleep(500); // let the previous run's buffers be collected before the baseline
  const resetPeak = resetHighWaterMark(pid);
  const before = memory(pid).rssMiB;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rssMiB)), 10);
  const cpuBefore = cpuMs(pid);
  try {
    const result = await upload(apiUrl, token, bytes, chunkSize);
    const apiCpuSeconds = round((cpuMs(pid) - cpuBefore) / 1000, 2);
    const after = memory(pid);
    peak = Math.max(peak, after.rssMiB, resetPeak ? after.hwmMiB : 0);
    return {
      label,
      chunkSize,
      seconds: round(result.seconds, 2),
      miBps: round(bytes.length / MiB / result.seconds),
      transferMiBps: result.beforeLast > 0 ? round(result.beforeLast / MiB / result.secondsBeforeLast) : null,
      lastPatchSeconds: round(result.lastPatchSeconds, 2),
      // CPU the api spent on the upload (ffprobe/ffmpeg children not included): steadier than time on a busy machine.
      apiCpuSeconds,
      rssBeforeMiB: before,
      rssPeakMiB: peak,
      rssGrowthMiB: peak - before,
      peakFrom: resetPeak ? 'VmHWM after reset, and VmRSS samples' : 'VmRSS samples',
      mediaUrl: result.mediaUrl,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * One tus upload in `chunkSize` PATCH requests; the clock runs from the creating POST to the last
 * answer. PATCHes go through node:http, not fetch: fetch itself tops out near 100-150 MiB/s here
 * (measured against a server that discards the body), which would hide the api's own speed.
 */
async function upload(apiUrl, token, bytes, chunkSize) {
  const started = performance.now();
  const uploadUrl = await createUpload(apiUrl, token, bytes.length);
  let offset = 0;
  let lastStarted = started;
  let lastOffset = 0;
  let response;
  while (offset < bytes.length) {
    lastStarted = performance.now();
    lastOffset = offset;
    response = await patch(uploadUrl, token, offset, bytes.subarray(offset, offset + chunkSize));
    if (response.status !== 204) throw new Error(`tus patch: ${response.status} ${response.body}`);
    offset = Number(response.headers['upload-offset']);
  }
  const finished = performance.now();
  return {
    seconds: (finished - started) / 1000,
    lastPatchSeconds: (finished - lastStarted) / 1000,
    beforeLast: lastOffset,
    secondsBeforeLast: (lastStarted - started) / 1000,
    mediaUrl: response?.headers['x-media-url'],
  };
}

const agent = new http.Agent({ keepAlive: true });

function patch(uploadUrl, token, offset, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      uploadUrl,
      {
        method: 'PATCH',
        agent,
        headers: {
          'Tus-Resumable': '1.0.0',
          Authorization: `Bearer ${token}`,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), hwmMiB: Math.round(kib('VmHWM') / 1024) };
}

/** Resets the kernel's peak-RSS counter (VmHWM) of the process; false where not permitted. */
function resetHighWaterMark(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runStandalone('uploads', measureUploads);
}
