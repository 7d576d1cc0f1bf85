import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiEntryPoint } from '../support/api-process';
import { createStudent, graphql, startTestServer } from '../support/test-server';
import { SOURCE_CLIPS } from '../media/support/generated-media';
import { postVideo, settledPost } from '../media/support/processed-posts';

/**
 * The embedded default: with no DATABASE_URL the api runs on PGlite in DATA_DIR, runs the same
 * migrations, and keeps what was written across a restart.
 */
describe('embedded PGlite mode', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-embedded-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes, restarts and reads it back', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media') };
    const first = await startTestServer(env);
    expect(first.app.database.kind).toBe('pglite');
    const student = await createStudent(first, { displayName: 'Embedded Student' });
    await graphql(
      first,
      student.token,
      `
        mutation {
          saveCalendarEvent(date: "2026-11-21", name: "Demo day") {
            date
          }
        }
      `,
    );
    await first.close();

    const second = await startTestServer(env);
    try {
      const result = await graphql(
        second,
        student.token,
        `
          {
            viewer {
              displayName
            }
            calendarEvents {
              date
              name
            }
          }
        `,
      );
      expect(result.data).toEqual({
        viewer: { displayName: 'Embedded Student' },
        calendarEvents: [{ date: '2026-11-21', name: 'Demo day' }],
      });
    } finally {
      await second.close();
    }
  }, 120_000);

  it('npm run admin grants a role on the embedded database while the app is stopped', async () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-embedded-admin-'));
    const env = { DATABASE_URL: '', DATA_DIR: ownDir, MEDIA_DIR: path.join(ownDir, 'media') };
    try {
      const first = await startTestServer(env);
      const student = await createStudent(first);
      const email = (await first.app.services.users.get(student.uid)).email!;
      const queue = '{ myRole moderationQueue { targetId } }';
      expect((await graphql(first, student.token, queue)).errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
      await first.close();

      const cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
      const cliEnv = { ...process.env, ...env, NODE_OPTIONS: '', LOG_LEVEL: 'silent', REDIS_URL: '' };
      expect(execFileSync(process.execPath, [cli, 'grant', 'admin', email], { env: cliEnv, encoding: 'utf8' })).toContain(
        `${email} is now an admin`,
      );

      const second = await startTestServer(env);
      try {
        expect((await graphql(second, student.token, queue)).data).toEqual({ myRole: 'ADMIN', moderationQueue: [] });
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('transcodes a video in-process: the job queue runs over the embedded database too', async () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-embedded-jobs-'));
    const server = await startTestServer({
      DATABASE_URL: '',
      DATA_DIR: ownDir,
      MEDIA_DIR: path.join(ownDir, 'media'),
      TRANSCODE_WORKERS: '1',
      JOB_POLL_SECONDS: '1',
    });
    try {
      expect(server.app.jobs.kind).toBe('pglite');
      const student = await createStudent(server);
      const created = await postVideo(server, student, SOURCE_CLIPS.avi(), 'embedded.avi');
      const post = await settledPost(server, student, created.id);
      expect(post).toMatchObject({ status: 'READY', width: 320, height: 240 });
      const served = await fetch(server.url + post.videoUrl);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    } finally {
      await server.close();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});
