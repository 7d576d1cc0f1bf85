import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS } from '../../src/infra/db/migrations/index';
import { buildApiEntryPoint } from '../support/api-process';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { createPost, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * The production image (Dockerfile, target runtime) holds the compiled api and the production
 * dependencies only: no tsc. There the admin command is `node api/dist/admin-cli.js ...` (or
 * `npm run admin -- ...`, which runs the build as it is where there is no tsc): it must run from
 * the build with node alone, and the operator's docs must say so. Then every command, run as an
 * operator runs it, on a database of its own.
 */
const REPO = path.resolve(__dirname, '../../..');
const COMMANDS = [
  'grant admin|moderator <email>',
  'revoke admin|moderator <email>',
  'roles',
  'suspend <email> <days>|for-good <reason...>',
  'unsuspend <email>',
  'suspended',
  'queue',
  'queue retry',
  'stats',
  'export <email> [file.json]',
  'migrations',
  'migrate',
];

function devDependencies(): string[] {
  const names = new Set<string>();
  for (const manifest of ['package.json', 'api/package.json']) {
    const { dependencies = {}, devDependencies: dev = {} } = JSON.parse(fs.readFileSync(path.join(REPO, manifest), 'utf8'));
    for (const name of Object.keys(dev)) if (!(name in dependencies)) names.add(name);
  }
  return [...names];
}

const cli = () => path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');

test('node api/dist/admin-cli.js runs from the build without development dependencies (tsc among them), and tells how', () => {
  // Every module the command loads, as in the image: a development dependency would not be there.
  const hook = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-admin-')), 'production-only.cjs');
  fs.writeFileSync(
    hook,
    `const Module = require('node:module');
     const absent = new Set(${JSON.stringify(devDependencies())});
     const load = Module._load;
     Module._load = function (request, ...rest) {
       const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
       if (absent.has(name)) throw new Error(request + ' is a development dependency: the production image does not have it');
       return load.call(this, request, ...rest);
     };`,
  );
  try {
    expect(devDependencies()).toEqual(expect.arrayContaining(['typescript', 'jest', '@ffmpeg-installer/ffmpeg']));
    const result = spawnSync(process.execPath, ['--require', hook, cli(), '--help'], {
      cwd: os.tmpdir(),
      // Help opens no database: an unreachable one proves it.
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Docker image: node api/dist/admin-cli.js <command>');
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${command.replace(/[|[\]<>.]/g, '\\$&')} {3,}\\S`, 'm'));
    // A mistyped command: the usage, and a failure code a script notices.
    const wrong = spawnSync(process.execPath, [cli(), 'grant', 'emperor', 'a@b.c'], {
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('unsuspend <email>');
  } finally {
    fs.rmSync(path.dirname(hook), { recursive: true, force: true });
  }
});

test('the image has the compiled command and only the api production dependencies, and the operator docs give the command for it', () => {
  const dockerfile = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS auth-emulator'));
  expect(runtime).toContain('COPY --from=build /app/api/dist api/dist');
  expect(runtime).toContain('COPY --from=api-deps /app/node_modules node_modules');
  expect(runtime).toContain('COPY scripts/run-built.mjs scripts/run-built.mjs');
  expect(dockerfile).toContain('npm ci --omit=dev --workspace api');
  expect(JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts.admin).toBe('node scripts/run-built.mjs admin-cli');
  for (const doc of ['docs/operations.md', 'docs/safety.md']) {
    expect(fs.readFileSync(path.join(REPO, doc), 'utf8')).toContain('node api/dist/admin-cli.js');
  }
});

describe('each admin command, on a database of its own', () => {
  let store: SuiteStore;
  let server: TestServer;
  let ada: Student;
  let bo: Student;
  let adaEmail: string;
  let boEmail: string;

  beforeAll(() => {
    buildApiEntryPoint();
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await store?.drop();
  });

  /** `node api/dist/admin-cli.js ...` as an operator runs it (no Redis: the test tells the running api itself where it must). */
  function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: store.env.DATABASE_URL,
      MEDIA_DIR: store.env.MEDIA_DIR,
      REDIS_URL: '',
    };
    delete env.LOG_LEVEL;
    return new Promise((resolve) => {
      execFile(process.execPath, [cli(), ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('migrations: on an empty database, every migration pending and nothing changed; migrate runs them; then none pending', async () => {
    store = await createSuiteStore('admin_command');
    const names = MIGRATIONS.map((migration) => migration.name);
    const before = await admin('migrations');
    expect(before).toMatchObject({ code: 0, stderr: '' });
    expect(before.stdout).toContain('schema level: (empty database) (0 applied)');
    expect(before.stdout).toContain(`pending: ${names.length}, to run in this order:\n${names.map((name) => `  ${name}`).join('\n')}\n`);
    expect(await query(`SELECT to_regclass('migrations') AS present`)).toEqual([{ present: null }]);

    const migrated = await admin('migrate');
    expect(migrated).toMatchObject({ code: 0, stdout: `admin: ran ${names.join(', ')}\n` });
    expect((await admin('migrate')).stdout).toBe('admin: nothing to migrate\n');
    const after = await admin('migrations', 'status');
    expect(after.stdout).toBe(`schema level: ${names.at(-1)} (${names.length} applied)\npending: none\n`);
  });

  it('grant, roles and revoke', async () => {
    // Transcoding jobs stay queued (no workers, no instant processing): the queue commands see them.
    server = await startTestServer({ ...store.env, JOB_SUPERVISE_SECONDS: '1' }, { instantVideos: false });
    [ada, bo] = await Promise.all([
      createStudent(server, { displayName: 'Ada Admin' }),
      createStudent(server, { displayName: 'Bo Student' }),
    ]);
    adaEmail = (await server.app.services.users.get(ada.uid)).email!;
    boEmail = (await server.app.services.users.get(bo.uid)).email!;

    expect(await admin('roles')).toMatchObject({ code: 0, stdout: 'admin: no moderators or admins yet\n' });
    expect((await admin('grant', 'admin', adaEmail)).stdout).toBe(`admin: ${adaEmail} is now an admin\n`);
    expect((await admin('grant', 'moderator', boEmail)).stdout).toBe(`admin: ${boEmail} is now a moderator\n`);
    const roles = (await admin('roles')).stdout.trim().split('\n');
    expect(roles).toEqual([
      expect.stringMatching(new RegExp(`^admin +${adaEmail} +Ada Admin$`)),
      expect.stringMatching(/^moderator +.+Bo Student$/),
    ]);
    expect((await admin('revoke', 'moderator', boEmail)).stdout).toBe(`admin: ${boEmail} is now a student\n`);
    expect(await query(`SELECT role FROM users WHERE firebase_uid = $1`, [bo.uid])).toEqual([{ role: 'student' }]);
  });

  it('suspend tells the student why; suspended lists it; unsuspend lifts it; the last admin cannot be suspended', async () => {
    expect(await admin('suspend', boEmail, '3', 'Spam', 'in', 'comments')).toMatchObject({ code: 0 });
    const [{ until }] = await query<{ until: Date }>(`SELECT suspended_until AS until FROM users WHERE firebase_uid = $1`, [bo.uid]);
    expect(until.getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(await query(`SELECT message FROM moderation_notices WHERE user_uid = $1`, [bo.uid])).toEqual([
      { message: `Your account has been suspended until ${until.toISOString().slice(0, 10)}: Spam in comments` },
    ]);
    expect(
      await query(`SELECT moderator_uid, action, note FROM moderation_actions WHERE target_author_uid = $1 AND action = 'suspend'`, [
        bo.uid,
      ]),
    ).toEqual([{ moderator_uid: 'command line', action: 'suspend', note: 'Spam in comments' }]);
    expect((await admin('suspended')).stdout).toMatch(
      new RegExp(`^student +${boEmail} +Bo Student +suspended until ${until.toISOString().slice(0, 10)}\n$`),
    );

    expect((await admin('unsuspend', boEmail)).stdout).toBe(`admin: ${boEmail}'s suspension is lifted\n`);
    expect((await admin('suspended')).stdout).toBe('admin: no account is suspended\n');

    // A reason is required, and the days are whole; the only admin stays in force.
    expect((await admin('suspend', boEmail, '3')).code).toBe(2);
    expect((await admin('suspend', boEmail, 'soon', 'Spam')).code).toBe(2);
    const lastAdmin = await admin('suspend', adaEmail, 'for-good', 'Testing');
    expect(lastAdmin).toMatchObject({
      code: 1,
      stderr: 'admin: The last admin cannot be removed or suspended: make another admin first.\n',
    });
    expect(await query(`SELECT suspended_until FROM users WHERE firebase_uid = $1`, [ada.uid])).toEqual([{ suspended_until: null }]);
  });

  it('stats, queue and queue retry: a transcode that failed for good goes back in the queue, its post processing again', async () => {
    const ready = await createPost(server, ada);
    await query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [ready.id]);
    await query(`DELETE FROM pgboss.job WHERE data->>'postId' = $1`, [ready.id]);
    const created = await graphql(
      server,
      ada.token,
      `
        mutation ($v: String!) {
          createPost(input: { videoUrl: $v, caption: "Stuck" }) {
            id
          }
        }
      `,
      {
        v: await uploadedVideo(server, ada),
      },
    );
    const stuck: string = created.data.createPost.id;

    const queued = (await admin('queue')).stdout.split('\n');
    expect(queued[0]).toMatch(/^queue +waiting +deferred +running +failed +oldest wait$/);
    expect(queued.find((line) => line.startsWith('video-transcode '))).toMatch(/ \d+ s$/);

    // The transcode failed its last attempt (as after a worker that kept dying), and the post with it.
    await query(`UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = 'video-transcode' AND data->>'postId' = $1`, [
      stuck,
    ]);
    await query(`UPDATE posts SET status = 'failed', failure_message = 'We could not process this video.' WHERE id = $1`, [stuck]);

    const stats = (await admin('stats')).stdout;
    expect(stats).toMatch(/^students +2 \(2 new in 30 days, 1 moderators and admins, 0 suspended\)$/m);
    expect(stats).toMatch(/^posts +1 ready, 0 processing, 1 failed$/m);
    expect(stats).toMatch(new RegExp(`^storage +[\\d.]+ MB uploaded; [\\d.]+ MB in ${store.env.MEDIA_DIR}$`, 'm'));
    expect(stats).toMatch(/^queue +\d+ waiting \(oldest \d+ s\), \d+ running, \d+ failed$/m);

    expect((await admin('queue', 'retry')).stdout).toBe('admin: 1 failed transcode back in the queue\n');
    expect(await query(`SELECT status, failure_message FROM posts WHERE id = $1`, [stuck])).toEqual([
      { status: 'processing', failure_message: null },
    ]);
    expect(await query(`SELECT state FROM pgboss.job WHERE name = 'video-transcode' AND data->>'postId' = $1`, [stuck])).toEqual([
      { state: 'retry' },
    ]);
    expect((await admin('queue', 'retry')).stdout).toBe('admin: 0 failed transcodes back in the queue\n');
  });

  it("export: one student's data to a file or to standard output, never another's e-mail", async () => {
    await graphql(
      server,
      bo.token,
      `
        mutation ($id: ID!) {
          follow(userId: $id) {
            id
          }
        }
      `,
      { id: ada.uid },
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-export-')), 'ada.json');
    try {
      const written = await admin('export', adaEmail, file);
      expect(written).toMatchObject({ code: 0, stdout: `admin: ${adaEmail}'s data written to ${file} (2 posts, 0 comments)\n` });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const data = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(data).toMatchObject({ format: 'campus-clips-data-export', profile: { uid: ada.uid, email: adaEmail } });
      expect(data.followers).toEqual([{ uid: bo.uid, displayName: 'Bo Student', since: expect.any(String) }]);
      expect(fs.readFileSync(file, 'utf8')).not.toContain(boEmail);

      const printed = await admin('export', boEmail);
      expect(printed.code).toBe(0);
      expect(JSON.parse(printed.stdout)).toMatchObject({ profile: { email: boEmail }, following: [{ uid: ada.uid }] });
      expect(await admin('export', 'nobody@example.edu')).toMatchObject({
        code: 1,
        stderr: 'admin: User not found (nobody@example.edu: the student must have signed in once)\n',
      });
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
