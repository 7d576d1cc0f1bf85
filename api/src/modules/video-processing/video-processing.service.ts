import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import type { FfmpegBinaries } from '../../infra/media/ffmpeg-binaries';
import { canonicalLanguageTag, CAPTION_FILES, languageName, singleLineTextProblem, textMessages, upTo } from '@campus-clips/rules';
import { readCaptionFile, type CaptionCue } from '../../infra/media/caption-file';
import { captionPath, mediaUrlFor, posterPictureFor, renditionPathFor } from '../../infra/media/media-names';
import type { MediaStore } from '../../infra/media/media-store';
import { probeVideo } from '../../infra/media/probe-media';
import { MediaToolTimeout } from '../../infra/media/run-tool';
import { extractSubtitles, planRenditions, transcodeVideo, writePosters, type PictureFile } from '../../infra/media/transcode';
import type { SubtitleStream } from '../../infra/media/probe-media';
import { addClipCaptionTrack } from '../caption-tracks';
import type { JobQueue, QueuedJob } from '../../infra/queue/job-queue';
import { Post, PostStatus, type PictureSource, type VideoPipeline, type VideoRendition } from '../posts';
import { CAPTION_CONTENT_TYPE, type UploadRecords } from '../uploads';
import { FAIR_ORDER, TRANSCODE, TRANSCODE_GAVE_UP_QUEUE, TRANSCODE_QUEUE, transcodePriority } from './transcode-settings';

export interface TranscodeJobData {
  postId: string;
  uploadId: string;
}

/** Where a post's changes of state go: the author's live subscription (post-updates.ts). */
export type PostUpdates = (post: Post) => void;

export interface VideoProcessingDeps {
  db: DataSource;
  queue: JobQueue;
  store: MediaStore;
  records: UploadRecords;
  binaries: FfmpegBinaries;
  /** Threads per ffmpeg run (TRANSCODE_THREADS). */
  threads: number;
  /** TRANSCODE.niceness unless a test of something else must not be starved by a busy machine. */
  niceness?: number;
  publish: PostUpdates;
  log: { info(detail: object, message: string): void; warn(detail: object, message: string): void };
}

/** A video ffmpeg cannot turn into renditions: retrying would fail the same way. */
class UntranscodableVideo extends Error {}

/**
 * Turns a new post's upload into what is served: renditions (transcode.ts), posters in each size
 * and format, then the post becomes ready, in one statement, once. Runs as a pg-boss job on any
 * worker (the api's own, or `npm run worker`).
 */
export class VideoProcessingService implements VideoPipeline {
  constructor(private readonly deps: VideoProcessingDeps) {}

  /** Declares the queues (start of every api and worker process). */
  async defineQueues(): Promise<void> {
    await this.deps.queue.defineQueue(TRANSCODE_GAVE_UP_QUEUE, { ...queueSettings(), retryLimit: 5 });
    await this.deps.queue.defineQueue(TRANSCODE_QUEUE, { ...queueSettings(), deadLetter: TRANSCODE_GAVE_UP_QUEUE });
  }

  /** Queues the post's transcoding in its author's group, as cheap as its clip is short (FAIR_ORDER). */
  async enqueue(
    transaction: EntityManager,
    post: { id: string; uploadId: string | null; authorUid: string; duration: number | null; width: number | null; height: number | null },
  ): Promise<void> {
    if (!post.uploadId) return;
    const data: TranscodeJobData = { postId: post.id, uploadId: post.uploadId };
    await this.deps.queue.sendWithin(transaction, TRANSCODE_QUEUE, data, {
      priority: transcodePriority(post),
      group: post.authorUid,
    });
  }

  /**
   * Takes jobs in this process: `concurrency` general slots (cheapest first, long waits promoted)
   * and an express slot only short clips use; one running clip per student across all of them.
   */
  async startWorkers(concurrency: number): Promise<void> {
    const handler = (job: QueuedJob<TranscodeJobData>) => this.transcode(job);
    const { priority } = FAIR_ORDER;
    await this.deps.queue.work<TranscodeJobData>(TRANSCODE_QUEUE, concurrency, handler, {
      onePerGroup: true,
      ageing: {
        afterSeconds: FAIR_ORDER.ageAfterSeconds,
        below: priority.express,
        to: priority.aged,
        everySeconds: FAIR_ORDER.ageCheckEverySeconds,
      },
    });
    await this.deps.queue.work<TranscodeJobData>(TRANSCODE_QUEUE, FAIR_ORDER.expressWorkers, handler, {
      onePerGroup: true,
      minPriority: priority.express,
      maxPriority: priority.express,
    });
    // After the last attempt (or a worker that died on it): the author is told.
    await this.deps.queue.work<TranscodeJobData>(TRANSCODE_GAVE_UP_QUEUE, 1, async (job) => {
      await this.fail(job.data.postId, 'gave up after retries');
    });
  }

  /**
   * pg-boss's one-job-per-group claim reads the active jobs without a lock, so two slots polling
   * at the same instant can both take a job of one student (CI caught it). In this process the
   * second then waits for the first before its ffmpeg starts; across hosts the rare race stays
   * (docs/media.md).
   */
  private readonly runningByAuthor = new Map<string, Promise<unknown>>();

  async transcode(job: QueuedJob<TranscodeJobData>): Promise<void> {
    const post = await this.deps.db.getRepository(Post).findOne({ select: { id: true, authorUid: true }, where: { id: job.data.postId } });
    if (!post) return;
    const before = this.runningByAuthor.get(post.authorUid) ?? Promise.resolve();
    const mine = before.then(() => this.transcodeNow(job));
    const settled = mine.catch(() => undefined);
    this.runningByAuthor.set(post.authorUid, settled);
    try {
      await mine;
    } finally {
      if (this.runningByAuthor.get(post.authorUid) === settled) this.runningByAuthor.delete(post.authorUid);
    }
  }

  private async transcodeNow(job: QueuedJob<TranscodeJobData>): Promise<void> {
    const { postId, uploadId } = job.data;
    const post = await this.deps.db.getRepository(Post).findOneBy({ id: postId });
    // Deleted meanwhile, or made ready by an earlier attempt that was thought lost.
    if (!post || post.status !== PostStatus.PROCESSING) return;
    const upload = await this.deps.records.get(uploadId);
    const source = upload?.originalPath ?? upload?.mediaPath;
    if (!upload?.mediaPath || !source) return this.fail(postId, 'upload is gone');

    this.deps.log.info({ postId, attempt: job.retryCount }, 'transcoding');
    const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'campus-clips-transcode-'));
    const original = await this.deps.store.localCopy(source);
    const written: string[] = [];
    try {
      const made = await this.makeFiles(post, original.file, scratch, job);
      if (!made) return this.fail(postId, 'ffmpeg could not transcode it');
      const { renditions, posters, captions, width, height, duration } = made;
      // Store first, list second: a file is served only once it is whole and listed.
      const stored = [
        ...renditions.map((r) => ({
          path: renditionPathFor(upload.mediaPath!, r.label),
          file: r.file,
          contentType: 'video/mp4',
          width: r.width,
          height: r.height,
        })),
        ...posters.map((p) => ({
          path: posterPictureFor(upload.mediaPath!, p.width, p.height, p.type === 'image/webp' ? 'webp' : 'jpg'),
          file: p.file,
          contentType: p.type,
          width: p.width,
          height: p.height,
        })),
      ];
      const captionFiles = captions.map((caption) => ({ ...caption, path: captionPath() }));
      for (const file of [...stored, ...captionFiles.map((c) => ({ path: c.path, file: c.file, contentType: CAPTION_CONTENT_TYPE }))]) {
        job.signal.throwIfAborted();
        await this.deps.store.putFile(file.path, file.file, file.contentType);
        written.push(file.path);
      }
      const renditionFields: VideoRendition[] = renditions.map((r) => ({
        url: mediaUrlFor(renditionPathFor(upload.mediaPath!, r.label)),
        width: r.width,
        height: r.height,
        maxKbps: r.maxKbps,
      }));
      const posterFields: PictureSource[] = posters.map((p) => ({
        url: mediaUrlFor(posterPictureFor(upload.mediaPath!, p.width, p.height, p.type === 'image/webp' ? 'webp' : 'jpg')),
        type: p.type,
        width: p.width,
        height: p.height,
      }));
      const largestJpeg = posterFields.find((p) => p.type === 'image/jpeg');
      const unused: string[] = [];
      const becameReady = await this.deps.db.transaction(async (tx) => {
        const result = await tx
          .createQueryBuilder()
          .update(Post)
          .set({
            status: PostStatus.READY,
            processingProgress: null,
            failureMessage: null,
            videoUrl: renditionFields[0]!.url,
            posterUrl: largestJpeg?.url ?? null,
            renditions: renditionFields,
            posterSources: posterFields,
            width,
            height,
            duration,
          })
          .where('id = :id AND status = :processing', { id: postId, processing: PostStatus.PROCESSING })
          .execute();
        if (!result.affected) return false;
        // The clip's own subtitles, unless the author uploaded captions in that language.
        const listedCaptions = [];
        for (const caption of captionFiles) {
          if (await addClipCaptionTrack(tx, postId, caption)) listedCaptions.push(caption);
          else unused.push(caption.path);
        }
        await this.deps.records.addServedFiles(
          uploadId,
          [
            ...stored.map(({ path: p, contentType, width: w, height: h }) => ({ path: p, contentType, width: w, height: h })),
            ...listedCaptions.map((caption) => ({ path: caption.path, contentType: CAPTION_CONTENT_TYPE, width: null, height: null })),
          ],
          tx,
        );
        return true;
      });
      if (unused.length) await this.deps.store.remove(unused);
      if (!becameReady) {
        // The post was deleted while we worked (its upload went with it): leave nothing behind.
        await this.deps.store.remove(written);
        return;
      }
      this.deps.log.info({ postId, renditions: renditions.map((r) => r.label), attempt: job.retryCount }, 'video ready');
      await this.publish(postId);
    } finally {
      await original.release();
      await fsp.rm(scratch, { recursive: true, force: true });
    }
  }

  /** The renditions and posters as local files; null when the video cannot be transcoded at all. */
  private async makeFiles(post: Post, input: string, scratch: string, job: QueuedJob<TranscodeJobData>) {
    const { threads } = this.deps;
    const background = { threads, niceness: this.deps.niceness ?? TRANSCODE.niceness, wallLimitMs: TRANSCODE.wallLimitMs };
    const probeLimits = { ...background, timeLimitMs: TRANSCODE.probeCpuLimitMs };
    try {
      const source = await probeVideo(this.deps.binaries, input, probeLimits);
      if (!source) throw new UntranscodableVideo('no video stream');
      const plans = planRenditions(source);
      const outputs = plans.map((plan) => path.join(scratch, `${plan.label}.mp4`));
      const limits = { ...background, timeLimitMs: TRANSCODE.cpuLimitMs(source.duration, threads) };
      const progress = this.progressReporter(post.id);
      await transcodeVideo(this.deps.binaries, { input, source, renditions: plans, outputs, limits, onProgress: progress }).catch(
        (error: unknown) => {
          if (job.signal.aborted) throw error;
          // ffmpeg gave up on the file itself (not on us): the same input fails the same way again.
          // A run starved by a busy host is not the file's fault: the job is retried later.
          throw (error instanceof MediaToolTimeout && !error.starved) || (error instanceof Error && / exited with \d+/.test(error.message))
            ? new UntranscodableVideo(String(error))
            : error;
        },
      );
      const posters: PictureFile[] = await writePosters(this.deps.binaries, outputs[0]!, source.duration, plans, scratch, probeLimits);
      const captions = await this.clipCaptions(input, source.subtitles, source.duration, scratch, probeLimits);
      return {
        renditions: plans.map((plan, i) => ({ ...plan, file: outputs[i]! })),
        posters,
        captions,
        width: plans[0]!.width,
        height: plans[0]!.height,
        duration: source.duration,
      };
    } catch (error) {
      if (error instanceof UntranscodableVideo) {
        this.deps.log.warn({ postId: post.id, reason: error.message }, 'video could not be transcoded');
        return null;
      }
      throw error;
    }
  }

  /**
   * The clip's own text subtitle streams as caption tracks (issue 28), one per language, at most
   * as many as a clip may have: extracted by ffmpeg, then read by caption-file.ts like a student's
   * file but leniently (cut at the clip's end; what cannot be read is dropped). A stream that
   * cannot be extracted costs the clip its captions, never its transcode.
   */
  private async clipCaptions(
    input: string,
    streams: readonly SubtitleStream[],
    duration: number | null,
    scratch: string,
    limits: Parameters<typeof extractSubtitles>[4],
  ): Promise<Array<{ language: string; label: string; file: string; cues: CaptionCue[] }>> {
    if (!streams.length) return [];
    let extracted: Awaited<ReturnType<typeof extractSubtitles>>;
    try {
      extracted = await extractSubtitles(this.deps.binaries, input, streams.slice(0, CAPTION_FILES.maxTracks), scratch, limits);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'subtitle streams could not be extracted');
      return [];
    }
    const captions = [];
    const languages = new Set<string>();
    for (const { stream, file } of extracted) {
      const language = canonicalLanguageTag(stream.language ?? '') ?? 'und';
      if (languages.has(language)) continue;
      const read = readCaptionFile(await fsp.readFile(file, 'utf8').catch(() => ''), { duration, fromClip: true });
      if (!read.ok) continue;
      const title = stream.title?.trim() ?? '';
      const label =
        title && !singleLineTextProblem(title, textMessages('Label')) ? upTo(title, CAPTION_FILES.maxLabel) : languageName(language);
      const clean = path.join(scratch, `captions-${stream.index}.vtt`);
      await fsp.writeFile(clean, read.file.vtt);
      languages.add(language);
      captions.push({ language, label, file: clean, cues: read.file.cues });
    }
    return captions;
  }

  /** Writes progress (whole percent) and tells the author, at most every second or at each 10%. */
  private progressReporter(postId: string): (fraction: number) => void {
    let lastAt = 0;
    let lastPercent = -1;
    return (fraction) => {
      const percent = Math.min(99, Math.floor(fraction * 100));
      const now = Date.now();
      if (
        percent === lastPercent ||
        (now - lastAt < TRANSCODE.progressEveryMs && Math.floor(percent / 10) === Math.floor(lastPercent / 10))
      )
        return;
      lastAt = now;
      lastPercent = percent;
      void this.deps.db
        .query(`UPDATE posts SET processing_progress = $2 WHERE id = $1 AND status = $3`, [postId, percent, PostStatus.PROCESSING])
        .then(() => this.publish(postId))
        .catch((error: unknown) => this.deps.log.warn({ postId, err: error }, 'progress not recorded'));
    };
  }

  /**
   * `npm run admin -- queue retry`: transcodes that failed for good (timeouts, workers that kept
   * dying) go back in the queue, and their posts show 'processing' again. A post deleted or made
   * ready meanwhile is left alone. Returns how many went back.
   */
  async retryFailed(): Promise<number> {
    let retried = 0;
    for (const job of await this.deps.queue.failedJobs<TranscodeJobData>(TRANSCODE_QUEUE)) {
      const [, changed] = (await this.deps.db.query(
        `UPDATE posts SET status = $2, failure_message = NULL, processing_progress = NULL WHERE id = $1 AND status = $3`,
        [job.data.postId, PostStatus.PROCESSING, PostStatus.FAILED],
      )) as [unknown, number];
      if (!changed) continue;
      retried += await this.deps.queue.retry(TRANSCODE_QUEUE, [job.id]);
      await this.publish(job.data.postId);
    }
    return retried;
  }

  /** The post failed for good: its author sees why. Once; a post already ready stays ready. */
  async fail(postId: string, reason: string): Promise<void> {
    const result = await this.deps.db.query(
      `UPDATE posts SET status = $2, failure_message = $3, processing_progress = NULL WHERE id = $1 AND status = $4`,
      [postId, PostStatus.FAILED, TRANSCODE.failedMessage, PostStatus.PROCESSING],
    );
    this.deps.log.warn({ postId, reason }, 'video processing failed');
    if ((result as [unknown, number])[1]) await this.publish(postId);
  }

  private async publish(postId: string): Promise<void> {
    const post = await this.deps.db.getRepository(Post).findOneBy({ id: postId });
    if (post) this.deps.publish(post);
  }
}

function queueSettings() {
  return {
    retryLimit: TRANSCODE.retryLimit,
    retryDelaySeconds: TRANSCODE.retryDelaySeconds,
    expireInSeconds: TRANSCODE.expireInSeconds,
    heartbeatSeconds: TRANSCODE.heartbeatSeconds,
  };
}
