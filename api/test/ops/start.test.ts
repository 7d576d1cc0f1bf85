import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';

/**
 * The README's quick start, end to end, on a fresh clone: `npm start` builds, starts the auth
 * emulator and the api on the embedded database, loads the demo campus and prints the logins.
 * A demo student signs in through the emulator, sees the demo posts, writes a comment and a
 * calendar event, and a newcomer signs up; after a restart all of it is still there and both can
 * sign in; after Ctrl-C / SIGTERM no process of the clone is left.
 *
 * Speed: instead of `npm install` in the clone (minutes, and the network), the clone's
 * node_modules folders are symlinks to this repository's. Everything else (builds, database,
 * emulator, media) happens inside the clone.
 */
const REPO = path.resolve(__dirname, '../../..');
const STARTUP_MS = 12 * 60_000; // as long as start.mjs waits for the demo campus

jest.setTimeout(25 * 60_000);

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let clone: string;
let apiPort: number;
let emulatorPort: number;
let running: Started | null = null;

beforeAll(async () => {
  clone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-start-')), 'campus-clips');
  execFileSync('git', ['clone', '--quiet', REPO, clone]);
  for (const folder of ['node_modules', 'api/node_modules', 'web/node_modules']) {
    if (fs.existsSync(path.join(REPO, folder))) fs.symlinkSync(path.join(REPO, folder), path.join(clone, folder), 'dir');
  }
  // The shared node_modules links @campus-clips/rules to this checkout's packages/rules, so its
  // build must exist here (npm test builds it first; this covers running the file alone).
  execFileSync('npm', ['run', 'build', '-w', 'packages/rules'], { cwd: REPO, stdio: 'ignore' });
  apiPort = await freePort();
  emulatorPort = await freePort();
});

afterAll(async () => {
  // After a failure, stop whatever is still running from the clone: npm's group, then the api and
  // emulator groups start.mjs would have stopped (each leads its own group).
  if (running) await stop(running, 'SIGKILL');
  for (const pid of leftovers().map((line) => Number(line.split(':')[0]))) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  if (clone && !process.env.TEST_KEEP_CLONE) fs.rmSync(path.dirname(clone), { recursive: true, force: true });
});

test('npm start on a fresh clone: demo campus, sign-in, writes that survive a restart, nothing left running', async () => {
  running = await npmStart();
  expect(running.output()).toContain(`Campus Clips is running at http://localhost:${apiPort}`);
  expect(running.output()).toContain('maya@demo.campusclips.example');
  expect(running.output()).toContain('Campus123!');

  // One port serves the web app and the api.
  const page = await fetch(`http://127.0.0.1:${apiPort}/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root"');

  let token = await signIn('maya@demo.campusclips.example', 'Campus123!');
  const feed = await gql(
    token,
    `{ viewer { displayName followingCount } homeFeed(first: 50) { edges { node { id caption author { displayName } organization { name } } } } }`,
  );
  expect(feed.viewer).toEqual({ displayName: 'Maya Chen', followingCount: 4 });
  const posts = feed.homeFeed.edges.map((edge: { node: { id: string; caption: string; author: { displayName: string } } }) => edge.node);
  expect(posts.length).toBeGreaterThanOrEqual(10);
  // Home: the students Maya follows, and the clubs she belongs to (their posts are the newest).
  expect(posts.map((post: { caption: string }) => post.caption)).toContain('Owls win the intramural semi-final 54-49');
  expect(posts.some((post: { organization: { name: string } | null }) => post.organization !== null)).toBe(true);

  const target = posts[0];
  const text = `Still here after a restart? ${Date.now()}`;
  await gql(token, `mutation($postId: ID!, $text: String!) { addComment(postId: $postId, text: $text) { id } }`, {
    postId: target.id,
    text,
  });
  await gql(token, `mutation { saveCalendarEvent(date: "2031-05-06", name: "Graduation rehearsal") { date } }`);

  // A newcomer signs up too; the emulator saves its accounts in ./data when it stops.
  const newcomer = { email: `newcomer-${Date.now()}@campus.test`, password: 'Newcomer1!' };
  const newcomerToken = await signUp(newcomer.email, newcomer.password);
  await gql(newcomerToken, `mutation { syncUser(input: { displayName: "New Comer", dateOfBirth: "2002-02-02" }) { id } }`);

  await stop(running, 'SIGINT'); // what Ctrl-C sends to the terminal's process group
  running = null;
  expect(leftovers()).toEqual([]);

  running = await npmStart();
  expect(running.output()).toContain('demo campus: present');
  token = await signIn('maya@demo.campusclips.example', 'Campus123!'); // the new emulator got the demo accounts back
  const again = await gql(
    token,
    `query($id: ID!) { post(id: $id) { comments(first: 50) { edges { node { text author { displayName } } } } } calendarEvents { date name } viewer { postCount } }`,
    { id: target.id },
  );
  expect(again.post.comments.edges.map((edge: { node: { text: string } }) => edge.node.text)).toContain(text);
  expect(again.calendarEvents).toContainEqual({ date: '2031-05-06', name: 'Graduation rehearsal' });
  expect(again.viewer.postCount).toBe(4); // not loaded twice: her three clips and one she posted for a club
  const newcomerAgain = await gql(await signIn(newcomer.email, newcomer.password), `{ viewer { displayName } }`);
  expect(newcomerAgain.viewer).toEqual({ displayName: 'New Comer' });

  await stop(running, 'SIGTERM');
  running = null;
  expect(leftovers()).toEqual([]);
});

async function npmStart(): Promise<Started> {
  let output = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(apiPort), AUTH_EMULATOR_PORT: String(emulatorPort) };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'NODE_ENV',
    'DATA_DIR',
    'MEDIA_DIR',
    'WEB_DIST',
    'LOG_LEVEL',
    'NODE_OPTIONS',
  ]) {
    delete env[name];
  }
  const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: Started = { child, output: () => output, exited };

  const deadline = Date.now() + STARTUP_MS;
  while (!output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop(started, 'SIGKILL');
      throw new Error(`npm start was not ready in time:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return started;
}

/** Signals the whole process group, as a terminal does, and waits for npm to leave. */
async function stop(started: Started, signal: NodeJS.Signals): Promise<void> {
  try {
    process.kill(-started.child.pid!, signal);
  } catch {
    // already gone
  }
  await started.exited;
  // start.mjs outlives npm for a moment while it stops its children: wait for the clone's processes.
  const deadline = Date.now() + (signal === 'SIGKILL' ? 2000 : 60_000);
  while (leftovers().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
}

/** Every process whose command line names the clone (npm, start.mjs, the api, the emulator). */
function leftovers(): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let commandLine = '';
    let cwd = '';
    try {
      commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    if (commandLine.includes(clone) || cwd.startsWith(clone)) found.push(`${pid}: ${commandLine.trim()}`);
  }
  return found;
}

function signIn(email: string, password: string): Promise<string> {
  return identityCall('accounts:signInWithPassword', email, password);
}

function signUp(email: string, password: string): Promise<string> {
  return identityCall('accounts:signUp', email, password);
}

async function identityCall(method: string, email: string, password: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`${method} as ${email} failed: ${body.error?.message}`);
  return body.idToken;
}

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${apiPort}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}
