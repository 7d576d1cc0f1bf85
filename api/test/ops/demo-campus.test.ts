import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApiEntryPoint } from '../support/api-process';
import { freePort } from '../support/free-port';
import { graphql, startTestServer, type TestServer } from '../support/test-server';

/**
 * The demo campus on PostgreSQL, in a database of its own (the loader fills a whole campus, which
 * would crowd the other suites' shared database). Loaded once through the on-demand CLI, then
 * looked at the way a demo student would: signed in through the emulator with the documented password.
 */
let OUT: string;
const ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `campus_demo_${Date.now()}_${process.pid}`;

// The first start transcodes every demo clip (about 30) before it is ready: a minute or two on 2 cores.
jest.setTimeout(360_000);

let databaseUrl: string;
let server: TestServer;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function seedCli(): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [path.join(OUT, 'demo', 'seed-cli.js')], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl, MEDIA_DIR: `/tmp/campus-demo-media-${DATABASE}` },
      encoding: 'utf8',
    });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Campus123!', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed: ${body.error?.message}`);
  return body.idToken;
}

beforeAll(async () => {
  OUT = path.dirname(buildApiEntryPoint());
  await admin(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await server?.close();
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
});

test('the seed CLI fills an empty PostgreSQL database once, and says so when run again', () => {
  const first = seedCli();
  expect(first.output).toContain('seed: done (postgres): {"students":12,"follows":48,"posts":36');
  expect(first.output).toContain('"organizations":6,"memberships":29,"organizationPosts":10}');
  expect(first.status).toBe(0);
  const second = seedCli();
  expect(second.output).toContain('already in this database (12 demo students); nothing to do');
  expect(second.status).toBe(0);
});

test('the seed CLI refuses to run without the auth emulator', () => {
  let failure: { status: number; stderr: string } | null = null;
  try {
    execFileSync(process.execPath, [path.join(OUT, 'demo', 'seed-cli.js')], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl, FIREBASE_AUTH_EMULATOR_HOST: '' },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    failure = error as { status: number; stderr: string };
  }
  expect(failure?.status).toBe(1);
  expect(failure?.stderr).toContain('FIREBASE_AUTH_EMULATOR_HOST must be set');
});

test('a demo student signs in with the documented password and finds a lively campus', async () => {
  server = await startTestServer({ DATABASE_URL: databaseUrl, MEDIA_DIR: `/tmp/campus-demo-media-${DATABASE}` });
  const token = await signIn('maya@demo.campusclips.example');
  const result = await graphql(
    server,
    token,
    `
      {
        viewer {
          displayName
          bio
          interests
          photoURL
          followerCount
          followingCount
          postCount
          verified
          campus {
            name
            shortName
            domains
          }
        }
        campuses {
          shortName
        }
        searchUsers(query: "", first: 50, scope: ALL) {
          edges {
            node {
              verified
              campus {
                shortName
              }
            }
          }
        }
        homeFeed(first: 20) {
          edges {
            node {
              caption
              tags
              videoUrl
              posterUrl
              likeCount
              commentCount
              author {
                id
              }
            }
          }
        }
        calendarEvents {
          date
          name
        }
      }
    `,
  );
  expect(result.errors).toBeUndefined();
  const { viewer, homeFeed, calendarEvents } = result.data;
  // Three posts of her own and one she made as the Robotics Club (its author is still Maya).
  expect(viewer).toMatchObject({ displayName: 'Maya Chen', followerCount: 4, followingCount: 4, postCount: 4 });
  // One campus (D16), its domain the demo addresses', every demo student on it and verified.
  expect(viewer.verified).toBe(true);
  expect(viewer.campus).toEqual({ name: 'Demo University', shortName: 'DEMO', domains: ['demo.campusclips.example'] });
  expect(result.data.campuses).toEqual([{ shortName: 'DEMO' }]);
  const people = result.data.searchUsers.edges.map((edge: { node: unknown }) => edge.node);
  expect(people).toHaveLength(12);
  expect(people.every((person: any) => person.verified && person.campus?.shortName === 'DEMO')).toBe(true);
  expect(viewer.bio.length).toBeGreaterThan(10);
  expect(viewer.interests).toEqual(expect.arrayContaining(['Computer Science', 'Photography']));
  expect(calendarEvents).toHaveLength(3);

  const posts = homeFeed.edges.map((edge: { node: any }) => edge.node);
  expect(posts.length).toBeGreaterThanOrEqual(12); // her own and the four classmates she follows
  expect(posts.every((post: any) => post.caption && post.tags.length > 0)).toBe(true);
  expect(posts.some((post: any) => post.likeCount > 0)).toBe(true);
  expect(posts.some((post: any) => post.commentCount > 0)).toBe(true);

  // The avatar and a clip are real files the api serves.
  const avatar = await fetch(`${server.url}${viewer.photoURL}`);
  expect(avatar.status).toBe(200);
  expect(avatar.headers.get('content-type')).toMatch(/^image\//);
  const clip = await fetch(`${server.url}${posts[0].videoUrl}`, { headers: { range: 'bytes=0-99' } });
  expect(clip.status).toBe(206);
  expect(clip.headers.get('content-type')).toBe('video/mp4');
});

test('the demo campus has clubs: members and officers, pictures, posts as the club and upcoming events (issue 26)', async () => {
  const token = await signIn('maya@demo.campusclips.example');
  const result = await graphql(
    server,
    token,
    `
      {
        organizations(first: 20) {
          edges {
            node {
              slug
              name
              memberCount
              viewerRole
              photoURL
              members(first: 20) {
                edges {
                  node {
                    role
                  }
                }
              }
              posts {
                edges {
                  node {
                    caption
                    author {
                      id
                    }
                    organization {
                      slug
                    }
                  }
                }
              }
              upcomingEvents {
                edges {
                  node {
                    event {
                      name
                    }
                  }
                }
              }
            }
          }
        }
        events(fromMyOrganizations: true) {
          edges {
            node {
              organization {
                slug
              }
            }
          }
        }
      }
    `,
  );
  expect(result.errors).toBeUndefined();
  const clubs = result.data.organizations.edges.map((edge: { node: any }) => edge.node);
  expect(clubs).toHaveLength(6);
  for (const club of clubs) {
    const roles = club.members.edges.map((edge: { node: { role: string } }) => edge.node.role);
    expect({ slug: club.slug, owner: roles[0], officer: roles[1], members: club.memberCount }).toEqual({
      slug: club.slug,
      owner: 'OWNER',
      officer: 'OFFICER',
      members: roles.length,
    });
    expect(club.memberCount).toBeGreaterThanOrEqual(3);
    expect(club.photoURL).toBeTruthy();
    expect(club.posts.edges.length).toBeGreaterThanOrEqual(1);
    expect(club.upcomingEvents.edges.length).toBeGreaterThanOrEqual(1);
  }
  expect(clubs.find((club: any) => club.slug === 'robotics-club').viewerRole).toBe('OWNER');
  // Maya belongs to the chess, film, robotics and outdoor clubs: their events are on her Events page's filter.
  const mine = new Set(result.data.events.edges.map((edge: { node: any }) => edge.node.organization.slug));
  expect(mine).toEqual(new Set(['chess-society', 'film-society', 'robotics-club', 'outdoor-club']));
});

test('a first start on the embedded database is ready only once the demo campus is in', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-demo-ready-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: 'none',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  try {
    // Ask /readyz from the very start, as npm start and a load balancer do, until the first 200.
    const answers = new Set<number>();
    const deadline = Date.now() + 300_000;
    for (;;) {
      const status = await fetch(`${base}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      answers.add(status);
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`never ready:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // At that moment a demo student signs in and finds her lively Home, not an empty one.
    const token = await signIn('maya@demo.campusclips.example');
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ homeFeed(first: 20) { edges { node { id } } } }' }),
    });
    const home = (await response.json()) as { data: { homeFeed: { edges: unknown[] } } };
    expect(home.data.homeFeed.edges.length).toBeGreaterThanOrEqual(12);
    // While loading it said so: 503, not a refused connection or a premature 200.
    expect(answers).toContain(503);
    // The ready line comes after the demo campus, never before.
    const demoLoaded = log.indexOf('"demo":"seeded"');
    expect(demoLoaded).toBeGreaterThan(-1);
    expect(log.indexOf('listening on')).toBeGreaterThan(demoLoaded);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
