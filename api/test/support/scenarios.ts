import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase, type Database } from '../../src/infra/db/data-source';
import { TokenVerifier } from '../../src/infra/identity/token-verifier';
import { createLocalMediaStore } from '../../src/infra/media/local-media-store';
import type { MediaStore } from '../../src/infra/media/media-store';
import { captionPath, mediaUrlFor, posterPictureFor, profileImagePath, videoPath } from '../../src/infra/media/media-names';
import { readCaptionFile } from '../../src/infra/media/caption-file';
import { loadMediaAccess } from '../../src/infra/media/media-access';
import type { CommentEventPayload } from '../../src/modules/comments';
import { ENTITIES } from '../../src/modules/entities';
import type { Post, PostEventFields } from '../../src/modules/posts';
import { createServices, type Services } from '../../src/modules/services';
import { CAPTION_CONTENT_TYPE, UploadMediaService, UploadRecords, type UploadKind } from '../../src/modules/uploads';
import { VideoProcessingService } from '../../src/modules/video-processing';
import { openJobQueue, type JobQueue } from '../../src/infra/queue/job-queue';
import { resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import type { Viewer } from '../../src/shared/viewer';
import { createSuiteStore, snapshotStore, type StoreSnapshot, type SuiteStore } from './database-snapshot';
import { createIdentity, type TestIdentity } from './identity';

/**
 * Named scenarios for a feature's service tests, after Redwood's services-with-scenarios. A
 * feature's `<f>.scenarios.ts` names its data; its `<f>.service.test.ts` runs each test on one
 * scenario, freshly seeded:
 *
 *   // post.scenarios.ts
 *   export const scenarios = defineScenarios({
 *     standard: async (db) => {
 *       const ada = await db.student('Ada Lovelace');
 *       return { ada, post: await db.post(ada, { tags: ['campus'] }) };
 *     },
 *   });
 *
 *   // post.service.test.ts
 *   const { scenario, describeScenario } = useScenarios(scenarios);
 *   scenario('standard', 'deletes a post', async ({ ada, post }, db) => { ... db.services.posts ... });
 *   scenario('a title alone runs on "standard"', async (data, db) => { ... });
 *   describeScenario('standard', 'read-only tests sharing one seeding', (getScenario, db) => { it(...) });
 *
 * Everything is real: each test file gets a PostgreSQL database of its own (created from the
 * run's server, migrated, dropped at the end) and a media folder of its own, the services are
 * built by modules/services.ts exactly as app.ts builds them, over a disk media store and the
 * Firebase Auth emulator. A scenario seeds through those services (or plain SQL where a service
 * cannot, e.g. a post's age); after each `scenario` (each `describeScenario` block) every table
 * is emptied, the media folder cleared and the emulator accounts it made deleted. Students are
 * users rows with a Viewer; only `identityStudent` makes an emulator account.
 *
 * (scenario.ts beside this file holds building blocks for tests that drive a whole server.)
 */

/** A student the scenario made: the Viewer a signed-in request would carry, and their name. */
export interface ScenarioStudent extends Viewer {
  displayName: string;
}

export interface StudentProfile {
  dateOfBirth?: string;
  bio?: string;
  interests?: string[];
  /** When they joined (users.created_at), for lists ordered by it. */
  joinedMinutesAgo?: number;
  /** Their e-mail is not verified yet (D16); students are verified unless a test says so. */
  unverified?: boolean;
}

/** A finished (or pending) upload in the media store: its row, and the URLs posts and profiles name it by. */
export interface SeededUpload {
  id: string;
  ownerUid: string;
  kind: UploadKind;
  url: string | null;
  posterUrl: string | null;
  mediaPath: string | null;
  posterPath: string | null;
}

export interface ScenarioDb {
  readonly dataSource: DataSource;
  /** Every service, as modules/services.ts builds them for the api. */
  readonly services: Services;
  readonly media: { service: UploadMediaService; records: UploadRecords; store: MediaStore; dir: string };
  /** The emulator, through the api's own verifier (deleted identities, tokens). */
  readonly verifier: TokenVerifier;
  /** The suite's job queue (pg-boss on its database); no workers run unless a test starts them. */
  readonly jobs: JobQueue;
  /** What the comments service announced to live subscribers since the scenario was seeded. */
  readonly commentEvents: CommentEventPayload[];

  /** A student with a synced profile (users row); no identity-provider account. */
  student(name: string, profile?: StudentProfile): Promise<ScenarioStudent>;
  /** A student with a real emulator account too, and the viewer its verified token gives. */
  identityStudent(name: string, profile?: StudentProfile): Promise<ScenarioStudent & { identity: TestIdentity }>;
  /** An upload of `owner`'s: finished (a small file, and for a video a poster, in the store) unless `pending`. */
  upload(
    owner: Viewer,
    options?: {
      kind?: UploadKind;
      fileName?: string;
      pending?: boolean;
      minutesAgo?: number;
      durationSeconds?: number;
      /** A caption upload's file (WebVTT or SubRip): stored as finishing the upload stores it. */
      captionText?: string;
    },
  ): Promise<SeededUpload>;
  /**
   * A post through the posts service, on a fresh video upload of the author's; `minutesAgo` dates it.
   * Its transcoding job is queued for real; the scenario then records it done as a worker would
   * (renditions = the upload's file: scenario files are not real video), unless `processing` keeps
   * it waiting. Real transcoding is test/media's business.
   */
  post(
    author: Viewer,
    input?: {
      caption?: string;
      tags?: string[];
      minutesAgo?: number;
      processing?: boolean;
      durationSeconds?: number;
      /** Posted as this organization (its officers'). */
      organizationId?: string;
      /** An event post. */
      event?: PostEventFields;
    },
  ): Promise<Post>;
  /** Every table's rows and every media file: compare two to show that nothing changed. */
  snapshot(): Promise<StoreSnapshot>;
}

export type Scenario<T extends object = object> = (db: ScenarioDb) => Promise<T>;
type Scenarios = Record<string, Scenario>;
type DataOf<S extends Scenarios, N extends keyof S> = Awaited<ReturnType<S[N]>>;
type StandardData<S extends Scenarios> = 'standard' extends keyof S ? DataOf<S, 'standard'> : never;

/** A feature's named scenarios. Each seeds what its test needs and returns the rows by name. */
export function defineScenarios<S extends Scenarios>(scenarios: S): S {
  return scenarios;
}

export interface ScenarioKit<S extends Scenarios> {
  /** A test on `name`'s rows, seeded before it and removed after it. */
  scenario<N extends keyof S & string>(name: N, title: string, test: (data: DataOf<S, N>, db: ScenarioDb) => Promise<void>): void;
  /** A test on the `standard` scenario. */
  scenario(title: string, test: (data: StandardData<S>, db: ScenarioDb) => Promise<void>): void;
  /**
   * A block of tests sharing one seeding of `name` (seeded before the first, removed after the
   * last): for tests that only read.
   */
  describeScenario<N extends keyof S & string>(
    name: N,
    title: string,
    body: (getScenario: () => DataOf<S, N>, db: () => ScenarioDb) => void,
  ): void;
  /** The open ScenarioDb (inside a test or hook). */
  db(): ScenarioDb;
}

/** Opens this test file's database, media store and services, and hands out its scenario helpers. */
export function useScenarios<S extends Scenarios>(scenarios: S): ScenarioKit<S> {
  let suite: Suite | null = null;

  beforeAll(async () => {
    suite = await openSuite(labelOf(expect.getState().testPath));
  });
  afterAll(async () => {
    await suite?.close();
    suite = null;
  });

  const db = (): ScenarioDb => {
    if (!suite) throw new Error('The scenario database is not open: use the scenario kit inside tests and hooks.');
    return suite.db;
  };
  const seed = <N extends keyof S & string>(name: N): Promise<DataOf<S, N>> => {
    const define = scenarios[name];
    if (!define) throw new Error(`No scenario named "${name}" (there are: ${Object.keys(scenarios).join(', ')})`);
    return define(db()) as Promise<DataOf<S, N>>;
  };
  const known = (name: string) => {
    if (!(name in scenarios)) throw new Error(`No scenario named "${name}" (there are: ${Object.keys(scenarios).join(', ')})`);
  };

  function scenario(
    ...args: [string, string, (data: never, db: ScenarioDb) => Promise<void>] | [string, (data: never, db: ScenarioDb) => Promise<void>]
  ): void {
    const [name, title, run] = args.length === 3 ? args : ['standard', args[0], args[1]];
    known(name);
    test(`${title} [${name}]`, async () => {
      try {
        const data = await seed(name);
        suite!.db.commentEvents.length = 0;
        await run(data as never, db());
      } finally {
        await suite!.reset();
      }
    });
  }

  return {
    scenario: scenario as ScenarioKit<S>['scenario'],
    describeScenario(name, title, body) {
      known(name);
      describe(`${title} [${name}]`, () => {
        let data: DataOf<S, typeof name> | null = null;
        beforeAll(async () => {
          data = await seed(name);
          suite!.db.commentEvents.length = 0;
        });
        afterAll(async () => {
          data = null;
          await suite?.reset();
        });
        body(() => {
          if (!data) throw new Error(`Scenario "${name}" is not seeded here: read it inside a test.`);
          return data;
        }, db);
      });
    },
    db,
  };
}

/** `post.service.test.ts` -> `post_service` (the database is `<run's database>_post_service`). */
function labelOf(testPath: string | undefined): string {
  return path
    .basename(testPath ?? 'scenarios')
    .replace(/\.test\.ts$/, '')
    .replace(/\W+/g, '_');
}

interface Suite {
  db: ScenarioDb;
  /** Removes everything the last scenario seeded or its tests made. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function openSuite(label: string): Promise<Suite> {
  const store: SuiteStore = await createSuiteStore(label);
  let database: Database | null = null;
  let mediaStore: MediaStore | null = null;
  let verifier: TokenVerifier | null = null;
  let jobs: JobQueue | null = null;
  try {
    database = await openDatabase({ databaseUrl: store.env.DATABASE_URL, pgliteDir: '' }, ENTITIES);
    mediaStore = await createLocalMediaStore(store.env.MEDIA_DIR);
    jobs = await openJobQueue({ databaseUrl: store.env.DATABASE_URL, dataSource: database.dataSource, onError: () => undefined });
    verifier = new TokenVerifier({
      firebase: {
        projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-campus-clips',
        authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      },
    });
  } catch (error) {
    await jobs?.close();
    await mediaStore?.close();
    await database?.close();
    await store.drop();
    throw error;
  }
  const dataSource = database.dataSource;
  const opened = { database, mediaStore, verifier, jobs };
  const records = new UploadRecords(dataSource);
  // No workers here: jobs are queued for real and left waiting (see db.post).
  const videoPipeline = new VideoProcessingService({
    db: dataSource,
    queue: jobs,
    store: mediaStore,
    records,
    binaries: resolveFfmpegBinaries(),
    threads: 1,
    publish: () => undefined,
    log: { info: () => undefined, warn: () => undefined },
  });
  await videoPipeline.defineQueues();
  const mediaService = new UploadMediaService(opened.mediaStore, records, await loadMediaAccess(dataSource));
  const adminAuth = opened.verifier.adminAuth;
  const commentEvents: CommentEventPayload[] = [];
  const services = createServices({
    db: dataSource,
    media: mediaService,
    videoPipeline,
    exportArchives: { queue: jobs, store: mediaStore },
    commentEvents: { commentAdded: (event) => commentEvents.push(event) },
    // As app.ts: the identity account goes, and one already gone is not an error.
    identity: {
      async deleteUser(uid) {
        await adminAuth.deleteUser(uid).catch((error: { code?: string }) => {
          if (error.code !== 'auth/user-not-found') throw error;
        });
      },
    },
  });
  const tables: string[] = (
    await dataSource.query<Array<{ name: string }>>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('migrations', 'app_keys')`,
    )
  ).map((row) => row.name);
  const identities = new Set<string>();
  const mediaDir = store.env.MEDIA_DIR;
  const fileBytes = path.join(mediaDir, '.incoming', 'scenario-bytes');
  await fs.writeFile(fileBytes, 'scenario media bytes');

  async function syncStudent(viewer: Viewer, name: string, profile: StudentProfile): Promise<ScenarioStudent> {
    await services.users.sync(viewer, { displayName: name, dateOfBirth: profile.dateOfBirth ?? '2000-01-15' });
    if (profile.bio !== undefined || profile.interests !== undefined) {
      await services.users.updateProfile(viewer, viewer.uid, { bio: profile.bio, interests: profile.interests });
    }
    if (profile.joinedMinutesAgo !== undefined) {
      await dataSource.query('UPDATE users SET created_at = $2 WHERE firebase_uid = $1', [
        viewer.uid,
        minutesAgo(profile.joinedMinutesAgo),
      ]);
    }
    return { ...viewer, displayName: name };
  }

  const db: ScenarioDb = {
    dataSource,
    services,
    media: { service: mediaService, records, store: opened.mediaStore, dir: mediaDir },
    verifier: opened.verifier,
    jobs: opened.jobs,
    commentEvents,

    async student(name, profile = {}) {
      const slug =
        name
          .toLowerCase()
          .split(/\s+/)[0]!
          .replace(/[^a-z0-9]/g, '') || 'student';
      const uid = `${slug}-${crypto.randomBytes(5).toString('hex')}`;
      const viewer: Viewer = {
        uid,
        email: `${uid}@campus.test`,
        name: null,
        picture: null,
        signInProvider: 'password',
        emailVerified: !profile.unverified,
      };
      return syncStudent(viewer, name, profile);
    },

    async identityStudent(name, profile = {}) {
      const identity = await createIdentity({ displayName: name, unverified: profile.unverified });
      identities.add(identity.uid);
      const viewer = await opened.verifier.verify(identity.token);
      return { ...(await syncStudent(viewer, name, profile)), identity };
    },

    async upload(owner, options = {}) {
      const kind = options.kind ?? 'video';
      const id = crypto.randomBytes(16).toString('hex');
      const fileName = options.fileName ?? (kind === 'video' ? 'clip.mp4' : 'photo.jpg');
      await records.createPending({ id, ownerUid: owner.uid, kind, fileName, size: 20 });
      if (options.minutesAgo !== undefined) {
        await dataSource.query('UPDATE uploads SET created_at = $2 WHERE id = $1', [id, minutesAgo(options.minutesAgo)]);
      }
      if (options.pending) return { id, ownerUid: owner.uid, kind, url: null, posterUrl: null, mediaPath: null, posterPath: null };
      if (kind === 'caption') {
        const read = readCaptionFile(options.captionText ?? 'WEBVTT\n\n00:00.500 --> 00:02.000\nHello\n', { duration: null });
        if (!read.ok) throw new Error(`scenario caption file refused: ${read.message}`);
        const mediaPath = captionPath();
        const file = path.join(mediaDir, '.incoming', `${id}.vtt`);
        await fs.writeFile(file, read.file.vtt);
        await opened.mediaStore.putFile(mediaPath, file, CAPTION_CONTENT_TYPE);
        await fs.rm(file);
        await records.complete(id, {
          mediaPath,
          posterPath: null,
          contentType: CAPTION_CONTENT_TYPE,
          size: 20,
          duration: null,
          width: null,
          height: null,
        });
        return { id, ownerUid: owner.uid, kind, url: mediaUrlFor(mediaPath), posterUrl: null, mediaPath, posterPath: null };
      }
      // Random names, as finishing an upload makes them.
      const mediaPath = kind === 'video' ? videoPath('video/mp4') : profileImagePath();
      const posterPath = kind === 'video' ? posterPictureFor(mediaPath, 720, 1280, 'jpg') : null;
      await opened.mediaStore.putFile(mediaPath, fileBytes, kind === 'video' ? 'video/mp4' : 'image/jpeg');
      if (posterPath) await opened.mediaStore.putFile(posterPath, fileBytes, 'image/jpeg');
      await records.complete(id, {
        mediaPath,
        posterPath,
        contentType: kind === 'video' ? 'video/mp4' : 'image/jpeg',
        size: 20,
        duration: kind === 'video' ? (options.durationSeconds ?? 4.5) : null,
        width: kind === 'video' ? 720 : null,
        height: kind === 'video' ? 1280 : null,
      });
      return {
        id,
        ownerUid: owner.uid,
        kind,
        url: mediaUrlFor(mediaPath),
        posterUrl: posterPath && mediaUrlFor(posterPath),
        mediaPath,
        posterPath,
      };
    },

    async post(author, input = {}) {
      const video = await db.upload(author, { durationSeconds: input.durationSeconds });
      const created = await services.posts.create(author, {
        videoUrl: video.url,
        caption: input.caption ?? 'A day on campus',
        tags: input.tags ?? [],
        organizationId: input.organizationId,
        event: input.event,
      });
      if (!input.processing) {
        const rendition = { url: video.url!, width: 720, height: 1280, maxKbps: 2500 };
        await dataSource.query(
          `UPDATE posts SET status = 'ready', processing_progress = NULL, renditions = $2, video_url = $3, poster_url = $4 WHERE id = $1`,
          [created.id, JSON.stringify([rendition]), rendition.url, video.posterUrl],
        );
      }
      if (input.minutesAgo !== undefined) {
        await dataSource.query('UPDATE posts SET created_at = $2 WHERE id = $1', [created.id, minutesAgo(input.minutesAgo)]);
      }
      return services.posts.get(created.id);
    },

    snapshot: () => snapshotStore(dataSource, mediaDir),
  };

  return {
    db,
    async reset() {
      await dataSource.query(`TRUNCATE ${tables.map((name) => `"${name}"`).join(', ')} CASCADE`);
      for (const folder of ['videos', 'posters', 'profile-images', 'captions'])
        await fs.rm(path.join(mediaDir, folder), { recursive: true, force: true });
      await Promise.all(
        [...identities].map((uid) =>
          adminAuth.deleteUser(uid).catch((error: { code?: string }) => {
            if (error.code !== 'auth/user-not-found') throw error;
          }),
        ),
      );
      identities.clear();
      commentEvents.length = 0;
    },
    async close() {
      await opened.jobs.close();
      await opened.verifier.close();
      await opened.mediaStore.close();
      await opened.database.close();
      await store.drop();
    },
  };
}

/** The instant `minutes` minutes ago (whole milliseconds, as the database keeps them). */
export function minutesAgo(minutes: number): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000);
}
