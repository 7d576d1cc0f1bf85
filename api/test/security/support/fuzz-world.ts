import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { createSuiteStore, snapshotStore, type StoreSnapshot, type SuiteStore } from '../../support/database-snapshot';
import { expiredToken } from '../../support/identity';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../../support/test-server';
import { describeFailure, FuzzStats, problemsOf, send, sendAll, type FuzzOutcome, type FuzzRequest } from './fuzz-client';

/**
 * The world a fuzz suite runs in: its own database and media folder (so a snapshot sees only
 * what the fuzzer did), a server with rate limits off (the fuzzer must not be throttled), and a
 * student who owns a post, an event post, a comment, a calendar day, a calendar feed address, an
 * unposted video and a photo, next to a neighbour with a post of their own who reported the
 * student's post, and a club each (the neighbour waiting to join the student's, the student a member
 * of the neighbour's). Fuzzed ids are drawn partly from these, so inputs reach the code behind the
 * "not found" checks. An admin (for the fields only a role may call) and a leaver (whose token
 * deleteAccount is fuzzed with) stay out of the fuzzed ids.
 */
const MEDIA = path.resolve(__dirname, '../../../../fixtures/media');

export interface FuzzWorld {
  server: TestServer;
  store: SuiteStore;
  student: Student;
  neighbour: Student;
  admin: Student;
  /** The account deleteAccount is called for with a valid token (the first such call deletes it). */
  leaver: Student;
  /** The secret of the student's calendar feed address (/calendar-feed/<secret>.ics). */
  calendarFeedSecret: string;
  /** Existing ids and media URLs, the student's own first. */
  ids: {
    posts: string[];
    comments: string[];
    users: string[];
    videos: string[];
    photos: string[];
    organizations: string[];
    slugs: string[];
  };
  expiredToken: string;
  stats: FuzzStats;
  seed: number;
  snapshot(): Promise<StoreSnapshot>;
  close(): Promise<void>;
}

async function ok(server: TestServer, token: string, query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql(server, token, query, variables);
  if (result.errors) throw new Error(`fuzz setup failed: ${JSON.stringify(result.errors)}`);
  return result.data;
}

export async function openFuzzWorld(label: string): Promise<FuzzWorld> {
  const store = await createSuiteStore(label);
  const server = await startTestServer({ ...store.env, RATE_LIMITS: 'off' });
  const [student, neighbour, admin, leaver] = await Promise.all([
    createStudent(server),
    createStudent(server),
    createStudent(server),
    createStudent(server),
  ]);
  await server.app.database.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
  await server.app.announceStanding(admin.uid);
  const importVideo = async (owner: Student) =>
    (await server.app.media.importFile(owner.uid, 'video', path.join(MEDIA, 'clips/campus-testcard.mp4'), `clip-${randomUUID()}.mp4`)).url;
  const post = async (owner: Student) =>
    (
      await ok(
        server,
        owner.token,
        `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Mine", tags: ["campus"] }) { id } }`,
        {
          v: await importVideo(owner),
        },
      )
    ).createPost.id as string;
  const [ownPost, neighbourPost] = await Promise.all([post(student), post(neighbour)]);
  const comment = (
    await ok(server, student.token, `mutation($p: ID!) { addComment(postId: $p, text: "Nice") { id } }`, { p: neighbourPost })
  ).addComment.id as string;
  await ok(server, student.token, `mutation { saveCalendarEvent(date: "2026-11-23", name: "Lab report due") { date } }`);
  const eventDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const eventPost = (
    await ok(
      server,
      student.token,
      `mutation($v: String!, $d: LocalDate!) { createPost(input: { videoUrl: $v, caption: "Film night", event: { date: $d, startTime: "19:00", timeZone: "Europe/London" } }) { id } }`,
      { v: await importVideo(student), d: eventDay },
    )
  ).createPost.id as string;
  await ok(server, student.token, `mutation($p: ID!) { addEventToCalendar(postId: $p) { outcome } }`, { p: eventPost });
  const feedUrl = (await ok(server, student.token, `mutation { resetCalendarFeed }`)).resetCalendarFeed as string;
  const calendarFeedSecret = /\/calendar-feed\/([^/]+)\.ics$/.exec(feedUrl)![1]!;
  await ok(server, neighbour.token, `mutation($p: ID!) { report(input: { targetType: POST, targetId: $p, reason: SPAM }) { message } }`, {
    p: ownPost,
  });
  const unpostedVideo = await importVideo(student);
  const photo = (
    await server.app.media.importFile(student.uid, 'image', path.join(MEDIA, 'avatars/student-02.jpg'), `avatar-${randomUUID()}.jpg`)
  ).url;
  const neighbourVideo = await importVideo(neighbour);
  // Issue 26: the student's club (by request, the neighbour waiting to join) and the neighbour's (open, the student a member).
  const club = async (owner: Student, slug: string, joinMode: string) =>
    (
      await ok(server, owner.token, `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { id } }`, {
        input: { name: `Club ${slug}`, slug, category: 'OTHER', joinMode },
      })
    ).createOrganization.id as string;
  const ownClub = await club(student, 'fuzz-own-club', 'REQUEST');
  const neighbourClub = await club(neighbour, 'fuzz-neighbour-club', 'OPEN');
  await ok(server, neighbour.token, `mutation($id: ID!) { joinOrganization(id: $id) { id } }`, { id: ownClub });
  await ok(server, student.token, `mutation($id: ID!) { joinOrganization(id: $id) { id } }`, { id: neighbourClub });

  const snapshot = () => snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR);
  // Nothing may still be settling (posters, counters) when the first "unchanged" comparison starts.
  await waitUntilSettled(snapshot);

  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  return {
    server,
    store,
    student,
    neighbour,
    admin,
    leaver,
    calendarFeedSecret,
    ids: {
      posts: [ownPost, eventPost, neighbourPost],
      comments: [comment],
      users: [student.uid, neighbour.uid],
      videos: [unpostedVideo, neighbourVideo],
      photos: [photo],
      organizations: [ownClub, neighbourClub],
      slugs: ['fuzz-own-club', 'fuzz-neighbour-club'],
    },
    expiredToken: expiredToken(student.uid),
    stats: new FuzzStats(),
    seed,
    snapshot,
    async close() {
      await server.close();
      await store.drop();
    },
  };
}

async function waitUntilSettled(snapshot: () => Promise<StoreSnapshot>): Promise<void> {
  let previous = JSON.stringify(await snapshot());
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const current = JSON.stringify(await snapshot());
    if (current === previous) return;
    previous = current;
  }
  throw new Error('the store kept changing after setup');
}

/** Which tables (or media files) differ between two snapshots. */
export function snapshotDifference(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const changes: string[] = [];
  const tables = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  for (const table of tables) {
    const a = before.tables[table];
    const b = after.tables[table];
    if (JSON.stringify(a) !== JSON.stringify(b))
      changes.push(`${table}: ${a?.rows ?? 0} -> ${b?.rows ?? 0} rows${a?.rows === b?.rows ? ' (contents changed)' : ''}`);
  }
  const added = after.mediaFiles.filter((file) => !before.mediaFiles.includes(file));
  const removed = before.mediaFiles.filter((file) => !after.mediaFiles.includes(file));
  if (added.length) changes.push(`media added: ${added.join(', ')}`);
  if (removed.length) changes.push(`media removed: ${removed.join(', ')}`);
  return changes;
}

export interface FuzzPhase {
  name: string;
  arbitrary: fc.Arbitrary<FuzzRequest>;
  requests: number;
  /** Every request of this phase is refused or only reads: the store must be the same after each batch. */
  storeUnchanged: boolean;
  batchSize?: number;
  concurrency?: number;
}

/**
 * Runs a phase in batches of requests sampled from its arbitrary (seeded: FUZZ_SEED replays a
 * run), `concurrency` in flight. Fails with the offending requests: the ones that broke a
 * property, and, when the store changed under a refusal-only batch, the request that changed it
 * (found by replaying the batch one request at a time).
 */
export async function runPhase(world: FuzzWorld, phase: FuzzPhase): Promise<void> {
  const batchSize = phase.batchSize ?? 100;
  const batches = Math.ceil(phase.requests / batchSize);
  for (let index = 0; index < batches; index++) {
    const seed = (world.seed + hash(phase.name) + index) | 0;
    const size = Math.min(batchSize, phase.requests - index * batchSize);
    const [batch] = fc.sample(fc.array(phase.arbitrary, { minLength: size, maxLength: size }), { seed, numRuns: 1 });
    const before = phase.storeUnchanged ? await world.snapshot() : null;
    const outcomes = await sendAll(world.server.url, batch!, phase.concurrency ?? 8);
    outcomes.forEach((outcome) => world.stats.record(outcome));
    const failures = outcomes.flatMap((outcome) => {
      const problems = problemsOf(outcome);
      return problems.length ? [describeFailure(outcome, problems)] : [];
    });
    if (before) {
      const changes = snapshotDifference(before, await world.snapshot());
      if (changes.length)
        failures.push(`the store changed under refused requests (${changes.join('; ')})\n${await culprit(world, batch!)}`);
    }
    if (failures.length) {
      throw new Error(
        `${phase.name}, batch ${index + 1}/${batches} (FUZZ_SEED=${world.seed}): ${failures.length} failure(s)\n${failures.slice(0, 5).join('\n')}`,
      );
    }
  }
}

async function culprit(world: FuzzWorld, batch: FuzzRequest[]): Promise<string> {
  for (const request of batch) {
    const before = await world.snapshot();
    const outcome: FuzzOutcome = await send(world.server.url, request);
    const changes = snapshotDifference(before, await world.snapshot());
    if (changes.length)
      return `replayed alone, this one changed ${changes.join('; ')}:\n${describeFailure(outcome, ['stored on refusal'])}`;
  }
  return 'replayed one at a time, no single request changed the store';
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

/** A fresh post of the student's own (for tests that delete one). */
export async function postOf(world: FuzzWorld): Promise<string> {
  const video = await world.server.app.media.importFile(
    world.student.uid,
    'video',
    path.join(MEDIA, 'clips/campus-testcard.mp4'),
    `clip-${randomUUID()}.mp4`,
  );
  const data = await ok(
    world.server,
    world.student.token,
    `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Mine", tags: [] }) { id } }`,
    {
      v: video.url,
    },
  );
  return data.createPost.id as string;
}

/** The server still answers after the fuzzing. */
export async function healthz(world: FuzzWorld): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${world.server.url}/healthz`);
  return { status: response.status, body: await response.json() };
}
