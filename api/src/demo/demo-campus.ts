import fs from 'node:fs';
import path from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import type { Viewer } from '../shared/viewer';
import type { Media } from '../http/create-media';
import type { Services } from '../modules/services';
import { ensureDemoAccounts } from './demo-accounts';
import { DEMO_COMMENTS, DEMO_EVENT_NAMES, DEMO_ORGANIZATIONS, demoPosts } from './demo-content';
import { OrganizationCategory, OrganizationJoinMode } from '../modules/organizations';
import { DEMO_EMAIL_DOMAIN, DEMO_STUDENTS, type DemoStudent } from './demo-students';

/** The demo's one campus (D16): its students' addresses are on its domain. */
export const DEMO_CAMPUS = { name: 'Demo University', shortName: 'DEMO', domains: [DEMO_EMAIL_DOMAIN] };

/**
 * Makes the demo campus when no campus owns its domain (a first start, or a data folder from
 * before campuses: adding it gives the demo students already there their campus), and stores the
 * demo students as verified, as their accounts are. Returns whether it made the campus.
 */
export async function ensureDemoCampus(services: Services, students: readonly DemoStudent[] = DEMO_STUDENTS): Promise<boolean> {
  const made = !(await services.campuses.forEmail(`student@${DEMO_EMAIL_DOMAIN}`, true));
  if (made) await services.campuses.add(DEMO_CAMPUS);
  for (const student of students) await services.users.noteEmailVerified(viewerOf(student));
  return made;
}

/** The repository's fixtures/media, found upwards from here (api/src/demo, api/dist/demo, a test build...). */
export function defaultFixturesDir(from = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'fixtures', 'media');
    if (fs.existsSync(path.join(candidate, 'clips'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`fixtures/media (the demo clips and avatars) was not found above ${from}`);
  }
}

export interface DemoCampusDeps {
  services: Services;
  media: Pick<Media, 'importFile'>;
  /** firebase-admin Auth pointed at the auth emulator. */
  identity: Auth;
  fixturesDir?: string;
  /** Progress lines for the log. */
  progress?: (message: string) => void;
  /** How long to wait for the demo videos to be transcoded (by this api's workers or `npm run worker`). */
  processingTimeoutMs?: number;
}

export interface DemoCampusSummary {
  students: number;
  follows: number;
  posts: number;
  likes: number;
  comments: number;
  events: number;
  /** Issue 26: the clubs, everyone in them (owners included), and the posts made as them. */
  organizations: number;
  memberships: number;
  organizationPosts: number;
}

/**
 * Fills an empty database with a small, lively campus: students with avatars, bios and interests,
 * follows, posts of the fixture clips, likes, comments and calendar events. Everything goes
 * through the same services (and media import) that real requests use, so every rule and
 * counter holds. The result is the same on every run (a seeded random order).
 */
export async function seedDemoCampus(deps: DemoCampusDeps): Promise<DemoCampusSummary> {
  const { services, media } = deps;
  const fixtures = deps.fixturesDir ?? defaultFixturesDir();
  // Every file first: a missing one must not leave a half-loaded campus behind.
  const missing = [
    ...DEMO_STUDENTS.map((student) => path.join(fixtures, 'avatars', student.avatar)),
    ...demoPosts().map((post) => path.join(fixtures, 'clips', post.clip)),
    ...DEMO_ORGANIZATIONS.map((club) => path.join(fixtures, 'clubs', club.picture)),
  ].filter((file) => !fs.existsSync(file));
  if (missing.length) throw new Error(`demo media missing: ${[...new Set(missing)].join(', ')}`);
  const progress = deps.progress ?? (() => undefined);
  const random = seededRandom(20261121);
  const summary: DemoCampusSummary = {
    students: 0,
    follows: 0,
    posts: 0,
    likes: 0,
    comments: 0,
    events: 0,
    organizations: 0,
    memberships: 0,
    organizationPosts: 0,
  };

  await ensureDemoAccounts(deps.identity, DEMO_STUDENTS);
  // Before the first sync, so that each student joins it (and a restricted sign-up accepts them).
  await ensureDemoCampus(services, []);
  const viewers = new Map(DEMO_STUDENTS.map((student) => [student.uid, viewerOf(student)]));
  const viewer = (uid: string) => viewers.get(uid)!;

  for (const student of DEMO_STUDENTS) {
    await services.users.sync(viewer(student.uid), { displayName: student.displayName, dateOfBirth: student.dateOfBirth });
    const avatar = await media.importFile(student.uid, 'image', path.join(fixtures, 'avatars', student.avatar));
    await services.users.updateProfile(viewer(student.uid), student.uid, {
      bio: student.bio,
      interests: student.interests,
      photoURL: avatar.url,
    });
    summary.students += 1;
  }
  progress(`demo campus: ${summary.students} students`);

  // Everyone follows four classmates; the offsets give everyone four followers too.
  for (const [index, student] of DEMO_STUDENTS.entries()) {
    for (const offset of [1, 2, 3, 5]) {
      const followee = DEMO_STUDENTS[(index + offset) % DEMO_STUDENTS.length]!;
      await services.follows.follow(viewer(student.uid), followee.uid);
      summary.follows += 1;
    }
  }

  const postIds: string[] = [];
  for (const post of demoPosts()) {
    const clip = await media.importFile(post.author, 'video', path.join(fixtures, 'clips', post.clip));
    const created = await services.posts.create(viewer(post.author), { videoUrl: clip.url, caption: post.caption, tags: post.tags });
    postIds.push(created.id);
    summary.posts += 1;
  }
  postIds.push(...(await seedOrganizations(deps, fixtures, viewer, summary)));
  progress(`demo campus: ${summary.posts} posts, ${summary.organizations} organizations, transcoding`);
  // Likes and comments go only to ready posts (as for everyone): wait for the transcoding workers.
  const ready = await whenProcessed(services, postIds, deps.processingTimeoutMs ?? 10 * 60_000);
  progress(`demo campus: ${ready.length} of ${postIds.length} videos ready`);

  for (const postId of ready) {
    for (const student of pick(DEMO_STUDENTS, Math.floor(random() * 8), random)) {
      await services.likes.like(viewer(student.uid), postId);
      summary.likes += 1;
    }
    for (const student of pick(DEMO_STUDENTS, Math.floor(random() * 4), random)) {
      const text = DEMO_COMMENTS[Math.floor(random() * DEMO_COMMENTS.length)]!;
      await services.comments.add(viewer(student.uid), postId, text);
      summary.comments += 1;
    }
  }

  const today = new Date();
  for (const student of DEMO_STUDENTS) {
    const days = new Set<number>();
    while (days.size < 3) days.add(Math.floor(random() * 42) - 7); // from last week to six weeks ahead
    for (const day of days) {
      const name = DEMO_EVENT_NAMES[Math.floor(random() * DEMO_EVENT_NAMES.length)]!;
      await services.calendar.save(viewer(student.uid), { userUid: student.uid, date: isoDay(today, day) }, name);
      summary.events += 1;
    }
  }
  return summary;
}

const ORGANIZATION_CLIPS = ['colour-sweep.mp4', 'game-of-life.mp4', 'mandelbrot-zoom.mp4', 'color-bars.mp4', 'campus-testcard.mp4'];

/**
 * The clubs (issue 26): each founded by its owner with its picture, joined by its members (a
 * by-request club's through a request its owner approves, as it happens in the app), its officers
 * appointed, a few students waiting or following, and posts and upcoming events made as it.
 * Answers the posts' ids (their videos are transcoded with the others).
 */
async function seedOrganizations(
  deps: DemoCampusDeps,
  fixtures: string,
  viewer: (uid: string) => Viewer,
  summary: DemoCampusSummary,
): Promise<string[]> {
  const { services, media } = deps;
  const organizations = services.organizations;
  const postIds: string[] = [];
  const today = new Date();
  for (const [index, club] of DEMO_ORGANIZATIONS.entries()) {
    const owner = viewer(club.owner);
    const picture = await media.importFile(club.owner, 'image', path.join(fixtures, 'clubs', club.picture));
    const made = await organizations.create(owner, {
      name: club.name,
      slug: club.slug,
      description: club.description,
      category: club.category as OrganizationCategory,
      joinMode: club.joinMode as OrganizationJoinMode,
      photoURL: picture.url,
    });
    summary.organizations += 1;
    summary.memberships += 1;
    for (const uid of [...club.officers, ...club.members]) {
      await organizations.join(viewer(uid), made.id);
      if (club.joinMode === 'request') await organizations.decideJoinRequest(owner, made.id, uid, true);
      summary.memberships += 1;
    }
    for (const uid of club.officers) await organizations.setOfficer(owner, made.id, uid, true);
    for (const uid of club.requests ?? []) await organizations.join(viewer(uid), made.id);
    for (const uid of club.followers ?? []) await organizations.follow(viewer(uid), made.id);
    for (const [postIndex, post] of club.posts.entries()) {
      const clip = ORGANIZATION_CLIPS[(index + postIndex) % ORGANIZATION_CLIPS.length]!;
      const video = await media.importFile(post.by, 'video', path.join(fixtures, 'clips', clip));
      const event = post.event && {
        name: post.event.name,
        date: isoDay(today, post.event.inDays),
        startTime: post.event.startTime,
        endTime: post.event.endTime ?? null,
        place: post.event.place,
        timeZone: 'Europe/London',
      };
      const created = await services.posts.create(viewer(post.by), {
        videoUrl: video.url,
        caption: post.caption,
        tags: post.tags,
        organizationId: made.id,
        event,
      });
      postIds.push(created.id);
      summary.organizationPosts += 1;
    }
  }
  return postIds;
}

/** The posts among these whose videos are ready once none is still processing (or the time is up). */
async function whenProcessed(services: Services, postIds: string[], timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const posts = await Promise.all(postIds.map((id) => services.posts.get(id)));
    const waiting = posts.filter((post) => post.status === 'processing');
    if (!waiting.length || Date.now() > deadline) return posts.filter((post) => post.status === 'ready').map((post) => post.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The Viewer a verified ID token of this demo account would give. */
export function viewerOf(student: DemoStudent): Viewer {
  // Demo accounts are made with their address verified (demo-accounts.ts).
  return {
    uid: student.uid,
    email: student.email,
    name: student.displayName,
    picture: null,
    signInProvider: 'password',
    emailVerified: true,
  };
}

function isoDay(from: Date, offsetDays: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offsetDays));
  return day.toISOString().slice(0, 10);
}

/** `count` distinct items in a random order. */
function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, count);
}

/** mulberry32: small, seeded, good enough to make demo data look unplanned. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
