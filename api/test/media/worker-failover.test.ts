import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildApiEntryPoint } from '../support/api-process';
import { createStudent, startTestServer, type TestServer } from '../support/test-server';
import { longerClip, probeStreams } from './support/generated-media';
import { download, postVideo, settledPost } from './support/processed-posts';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(240_000);

/** A `npm run worker` process (api/dist/worker.js) on the test's database and media folder. */
function startWorker(entryPoint: string, server: TestServer, name: string) {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [entryPoint], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'info',
      DATABASE_URL: server.app.config.databaseUrl!,
      MEDIA_DIR: server.app.config.mediaDir,
      TRANSCODE_WORKERS: '1',
      JOB_POLL_SECONDS: '1',
      JOB_SUPERVISE_SECONDS: '1',
      // The test is about failover, not priority: at niceness 19 the second worker's transcode
      // starved behind the test's own api and PostgreSQL and ran past the deadline (CI failure).
      TRANSCODE_NICENESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  return {
    name,
    child,
    log: () => log,
    /** Log lines (pino JSON) with this message. */
    lines: (msg: string) =>
      log
        .split('\n')
        .filter((line) => line.includes(`"msg":"${msg}"`))
        .map((line) => JSON.parse(line) as { postId?: string; attempt?: number }),
    /** Its child processes (its ffmpeg while it transcodes; each leads its own process group). */
    tools: () => childrenOf(child.pid!),
    /** SIGKILL to the worker and its tools' groups: no goodbye from either, as when a container ends. */
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const tools = childrenOf(child.pid!);
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
        for (const tool of tools) process.kill(-tool, 'SIGKILL');
      }),
  };
}

function childrenOf(parent: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Workers as separate processes: the api transcodes nothing here (TRANSCODE_WORKERS=0), two
 * `npm run worker` processes share the queue. One is killed (SIGKILL, no goodbye) in the middle of
 * a transcode; its heartbeat stops, pg-boss hands the job to the other, and the post becomes ready
 * once, with whole files.
 */
describe('a worker killed in the middle of a transcode', () => {
  let server: TestServer;
  let entryPoint: string;

  beforeAll(async () => {
    entryPoint = path.join(path.dirname(buildApiEntryPoint()), 'worker.js');
    server = await startTestServer({ TRANSCODE_WORKERS: '0', JOB_POLL_SECONDS: '1' }, { instantVideos: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loses nothing: another worker finishes the job and the post becomes ready once', async () => {
    const author = await createStudent(server);
    const clip = longerClip(40);
    const first = startWorker(entryPoint, server, 'first');
    let second: ReturnType<typeof startWorker> | null = null;
    try {
      await until(() => first.log().includes('Campus Clips worker transcoding'), 'the first worker to start');
      const created = await postVideo(server, author, clip, 'long-lecture.mp4');
      await until(() => first.lines('transcoding').some((line) => line.postId === created.id), 'the first worker to take the job');
      // Mid-transcode: ffmpeg is running. The worker dies with no chance to give the job back, and
      // so does its ffmpeg (as in a container that is killed). Media names are random, so ffmpeg is
      // found as the worker's child, not by the upload's name.
      await until(() => first.tools().length > 0, "the first worker's ffmpeg to start");
      const ffmpeg = first.tools();
      await first.kill();
      await until(() => ffmpeg.every((pid) => !isRunning(pid)), "the first worker's ffmpeg to be gone", 10_000);
      second = startWorker(entryPoint, server, 'second');

      const post = await settledPost(server, author, created.id, 150_000);
      expect(post.status).toBe('READY');
      expect(first.lines('video ready')).toEqual([]);
      expect(second.lines('video ready')).toEqual([expect.objectContaining({ postId: created.id, attempt: 1 })]);

      // Whole, playable files, each listed once.
      const rendition = await download(server, post.videoUrl);
      const video = probeStreams(rendition.file).streams.find((stream) => stream.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
      expect(Number(probeStreams(rendition.file).format.duration)).toBeCloseTo(40, 0);
      const listed: Array<{ path: string }> = await server.app.database.dataSource.query(
        `SELECT m.path FROM media_files m JOIN posts p ON p.upload_id = m.upload_id WHERE p.id = $1`,
        [created.id],
      );
      expect(listed.map((row) => `/media/${row.path}`).sort()).toEqual(
        [...post.renditions.map((r: { url: string }) => r.url), ...post.posterSources.map((p: { url: string }) => p.url)].sort(),
      );
    } finally {
      await first.kill();
      await second?.kill();
    }
  });
});
