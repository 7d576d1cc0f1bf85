import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../infra/media/ffmpeg-binaries';
import { useScenarios, type ScenarioDb } from '../../../test/support/scenarios';
import type { Viewer } from '../../shared/viewer';
import { importMediaFile } from '../uploads';
import { scenarios } from './video-processing.scenarios';
import { FAIR_ORDER, TRANSCODE_QUEUE, transcodePriority } from './transcode-settings';
import { VideoProcessingService } from './video-processing.service';

// Real transcodes (tiny clips) on a shared 2-core machine.
jest.setTimeout(120_000);

const { scenario } = useScenarios(scenarios);
const binaries = resolveFfmpegBinaries();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-fair-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A tiny clip this many seconds long (32×32, 2 fps): quick to make and to transcode. */
function clip(seconds: number): string {
  const file = path.join(scratch, `${seconds}s.mp4`);
  if (!fs.existsSync(file)) {
    execFileSync(binaries.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=s=32x32:r=2:d=${seconds}`, '-c:v', 'libx264', '-y', file]);
  }
  return file;
}

/** A post by `author` on a real upload of a clip this long; its job is queued, no worker runs yet. */
async function postClip(db: ScenarioDb, author: Viewer, seconds: number, caption: string) {
  const upload = await importMediaFile(
    { store: db.media.store, records: db.media.records, binaries },
    { ownerUid: author.uid, kind: 'video', file: clip(seconds), fileName: `${caption}.mp4` },
  );
  return db.services.posts.create(author, { videoUrl: upload.url, caption });
}

interface JobRun {
  caption: string;
  started: number;
  completed: number;
}

/** When the service began and finished each post's transcode (its own log lines), as they happen. */
function transcodeLog() {
  const times = new Map<string, { started?: number; completed?: number }>();
  const note = (detail: object, message: string) => {
    const { postId } = detail as { postId?: string };
    if (!postId) return;
    const entry = times.get(postId) ?? {};
    if (message === 'transcoding') entry.started = Date.now();
    if (message === 'video ready') entry.completed = Date.now();
    times.set(postId, entry);
  };
  return { log: { info: note, warn: note }, times };
}

/**
 * When each post's transcode really ran, once every job has completed. The service's own log, not
 * pg-boss's started_on: a job claimed at the same instant as another of its student's waits in
 * the worker before its ffmpeg starts.
 */
async function runsOnceDone(
  db: ScenarioDb,
  posts: { id: string; caption: string }[],
  times: ReturnType<typeof transcodeLog>['times'],
): Promise<JobRun[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const rows: { state: string }[] = await db.dataSource.query(
      `SELECT state FROM pgboss.job WHERE name = $1 AND data->>'postId' = ANY($2)`,
      [TRANSCODE_QUEUE, posts.map((post) => post.id)],
    );
    if (rows.length === posts.length && rows.every((row) => row.state === 'completed')) {
      return posts
        .map((post) => ({
          caption: post.caption,
          started: times.get(post.id)?.started ?? NaN,
          completed: times.get(post.id)?.completed ?? NaN,
        }))
        .sort((a, b) => a.started - b.started);
    }
    if (Date.now() > deadline) throw new Error(`jobs not done: ${JSON.stringify(rows.map((row) => row.state))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The service over the scenario's database, one thread per ffmpeg, logging to `log`. The order is
 * tested here, the priority in test/media/transcode-priority.test.ts: at niceness 19 a machine busy
 * with other work may starve these transcodes for minutes, so they run at 0.
 */
function serviceFor(db: ScenarioDb, log: ReturnType<typeof transcodeLog>['log']): VideoProcessingService {
  return new VideoProcessingService({
    db: db.dataSource,
    queue: db.jobs,
    store: db.media.store,
    records: db.media.records,
    binaries,
    threads: 1,
    niceness: 0,
    publish: () => undefined,
    log,
  });
}

describe('VideoProcessingService: fair order', () => {
  scenario(
    'one student’s queue of long clips neither runs two at once nor holds back another student’s short clip',
    async ({ ada, grace }, db) => {
      // Ada queues two 100 s clips and a 3 s one; then Grace posts a 3 s clip. Two general workers.
      const posts = [
        await postClip(db, ada, 100, 'ada-long-1'),
        await postClip(db, ada, 100, 'ada-long-2'),
        await postClip(db, ada, 3, 'ada-short'),
        await postClip(db, grace, 3, 'grace-short'),
      ];
      const transcodes = transcodeLog();
      const service = serviceFor(db, transcodes.log);
      await service.startWorkers(2);
      let runs: JobRun[];
      try {
        runs = await runsOnceDone(db, posts, transcodes.times);
      } finally {
        await db.jobs.stopWorkers();
      }

      // Every clip was transcoded, the long ones too.
      const statuses: { status: string }[] = await db.dataSource.query('SELECT status FROM posts WHERE id = ANY($1)', [
        posts.map((p) => p.id),
      ]);
      expect(statuses.map((row) => row.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
      // Ada's clips ran one after another, never two at once.
      const adas = runs.filter((run) => run.caption.startsWith('ada-'));
      expect(adas).toHaveLength(3);
      for (let i = 1; i < adas.length; i++) expect(adas[i]!.started).toBeGreaterThanOrEqual(adas[i - 1]!.completed);
      // Short clips first: both 3 s clips started before either long one finished.
      const firstLongDone = Math.min(...runs.filter((run) => run.caption.includes('long')).map((run) => run.completed));
      expect(runs.filter((run) => run.caption.includes('short')).map((run) => [run.caption, run.started < firstLongDone])).toEqual(
        expect.arrayContaining([
          ['ada-short', true],
          ['grace-short', true],
        ]),
      );
    },
  );

  it('counts a clip’s picture as well as its length: 20 s of 4K is no short clip', () => {
    const { priority } = FAIR_ORDER;
    expect(transcodePriority({ duration: 3, width: 1080, height: 1920 })).toBe(priority.express);
    expect(transcodePriority({ duration: 20, width: 720, height: 1280 })).toBe(priority.express);
    expect(transcodePriority({ duration: 20, width: 4096, height: 2160 })).toBe(priority.medium);
    expect(transcodePriority({ duration: 60, width: 3840, height: 2160 })).toBe(priority.long);
    expect(transcodePriority({ duration: null, width: 320, height: 240 })).toBe(priority.long);
  });

  scenario('two of one student’s jobs handed to one worker at the same instant run one after the other', async ({ ada }, db) => {
    // What two slots claiming in the same instant do: both jobs reach the service together.
    const first = await postClip(db, ada, 20, 'ada-first');
    const second = await postClip(db, ada, 3, 'ada-second');
    const transcodes = transcodeLog();
    const service = serviceFor(db, transcodes.log);
    const job = (post: { id: string; uploadId: string | null }) => ({
      id: post.id,
      data: { postId: post.id, uploadId: post.uploadId! },
      retryCount: 0,
      signal: new AbortController().signal,
    });
    await Promise.all([service.transcode(job(first)), service.transcode(job(second))]);
    const [a, b] = [transcodes.times.get(first.id)!, transcodes.times.get(second.id)!];
    expect(a.completed).toBeDefined();
    expect(b.completed).toBeDefined();
    expect(b.started!).toBeGreaterThanOrEqual(a.completed!);
  });

  scenario('a long clip that waited is promoted above short ones, but never into the short clips’ lane', async ({ ada, grace }, db) => {
    const long = await postClip(db, ada, 100, 'long');
    const short = await postClip(db, grace, 3, 'short');
    const priorities = async () =>
      Object.fromEntries(
        (
          (await db.dataSource.query(
            `SELECT data->>'postId' AS id, priority FROM pgboss.job WHERE name = $1 AND data->>'postId' = ANY($2)`,
            [TRANSCODE_QUEUE, [long.id, short.id]],
          )) as { id: string; priority: number }[]
        ).map((row) => [row.id === long.id ? 'long' : 'short', row.priority]),
      );
    // Cheapest first: the short clip outranks the long one, and is the only one the express lane takes (2).
    expect(await priorities()).toEqual({ long: 0, short: 2 });

    // Not waited long enough yet: nothing changes.
    expect(await db.jobs.promoteWaiting(TRANSCODE_QUEUE, { afterSeconds: 60, below: 2, to: 3 })).toBe(0);
    expect(await db.jobs.promoteWaiting(TRANSCODE_QUEUE, { afterSeconds: 0, below: 2, to: 3 })).toBe(1);
    expect(await priorities()).toEqual({ long: 3, short: 2 });
  });
});
