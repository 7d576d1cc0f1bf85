import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiEntryPoint } from '../support/api-process';
import { createPost, uploadedVideo } from '../support/scenario';
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
    // A campus (issue 25) too: its migration, triggers and campus-scoped statements run on PGlite.
    const env = {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(dataDir, 'media'),
      FIRST_CAMPUS: 'Embedded University|EMB|embedded.example.edu',
    };
    const first = await startTestServer(env);
    expect(first.app.database.kind).toBe('pglite');
    const student = await createStudent(first, { displayName: 'Embedded Stüdent', email: `student-${Date.now()}@cs.embedded.example.edu` });
    const post = await createPost(first, student, { caption: 'Café crawl à Montréal', tags: ['Événements'] });
    await graphql(
      first,
      student.token,
      `
        mutation {
          saveCalendarEvent(date: "2030-11-21", name: "Demo day") {
            date
          }
        }
      `,
    );
    // Issue 26 on PGlite: a club (its triggers count the member), a post made as it, Home's and the club page's statements.
    const club = await graphql(
      first,
      student.token,
      `
        mutation {
          createOrganization(input: { name: "Embedded Club", slug: "embedded-club", category: OTHER }) {
            id
            memberCount
          }
        }
      `,
    );
    expect(club.data.createOrganization.memberCount).toBe(1);
    const posted = await graphql(
      first,
      student.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
          }
        }
      `,
      {
        input: { videoUrl: await uploadedVideo(first, student), caption: 'From the club', organizationId: club.data.createOrganization.id },
      },
    );
    expect(posted.errors).toBeUndefined();
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
              verified
              campus {
                shortName
              }
            }
            calendarEvents {
              date
              name
            }
            explore(first: 5) {
              edges {
                node {
                  id
                }
              }
            }
            events(first: 5) {
              edges {
                node {
                  id
                }
              }
            }
            searchUsers(query: "Embedded") {
              edges {
                node {
                  id
                }
              }
            }
            organization(slug: "embedded-club") {
              memberCount
              viewerRole
              posts {
                edges {
                  node {
                    caption
                  }
                }
              }
            }
            homeFeed {
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
      expect(result.data).toEqual({
        viewer: { displayName: 'Embedded Stüdent', verified: true, campus: { shortName: 'EMB' } },
        calendarEvents: [{ date: '2030-11-21', name: 'Demo day' }],
        explore: { edges: [] },
        events: { edges: [] },
        searchUsers: { edges: [{ node: { id: student.uid } }] },
        organization: { memberCount: 1, viewerRole: 'OWNER', posts: { edges: [{ node: { caption: 'From the club' } }] } },
        // Home: the club's post (the student is its member), then the student's own.
        homeFeed: { edges: [{ node: { organization: { slug: 'embedded-club' } } }, { node: { organization: null } }] },
      });
      // Search on the embedded database (its pg_trgm and unaccent loaded again on reopening):
      // accents ignored, a misspelt name, a prefix, a tag.
      const search = async (q: string, type: string) =>
        (
          await graphql(
            second,
            student.token,
            `
              query ($q: String!, $type: SearchType!) {
                search(q: $q, type: $type) {
                  edges {
                    node {
                      ... on User {
                        id
                      }
                      ... on Post {
                        id
                      }
                      ... on Tag {
                        name
                      }
                      ... on Organization {
                        slug
                      }
                    }
                  }
                }
              }
            `,
            { q, type },
          )
        ).data.search.edges.map(
          (edge: { node: { id?: string; name?: string; slug?: string } }) => edge.node.slug ?? edge.node.id ?? edge.node.name,
        );
      expect(await search('cafe montre', 'CLIPS')).toEqual([post.id]);
      expect(await search('Embeded Student', 'PEOPLE')).toEqual([student.uid]);
      expect(await search('evenement', 'TAGS')).toEqual(['Événements']);
      expect(await search('Embeded Clb', 'ORGANIZATIONS')).toEqual(['embedded-club']);
    } finally {
      await second.close();
    }
  }, 300_000); // two embedded starts (WebAssembly PostgreSQL, migrations): minutes on a busy machine

  it('npm run admin refuses while the app holds the embedded database, and grants a role once it is stopped', async () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-embedded-admin-'));
    const env = { DATABASE_URL: '', DATA_DIR: ownDir, MEDIA_DIR: path.join(ownDir, 'media') };
    const cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
    const cliEnv = { ...process.env, ...env, NODE_OPTIONS: '', LOG_LEVEL: 'silent', REDIS_URL: '' };
    const admin = (...args: string[]) => spawnAsync(process.execPath, [cli, ...args], cliEnv);
    try {
      const first = await startTestServer(env);
      const student = await createStudent(first);
      const email = (await first.app.services.users.get(student.uid)).email!;
      const queue = '{ myRole moderationQueue { targetId } }';
      expect((await graphql(first, student.token, queue)).errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });

      // While the app runs, the command works on a copy the app never sees: it refuses, and says what to do.
      const refused = await admin('grant', 'admin', email);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(`admin: nothing changed. The embedded database in ${path.join(ownDir, 'pglite')} is in use`);
      expect(refused.stderr).toContain('Stop it first, or use PostgreSQL with DATABASE_URL.');
      expect((await graphql(first, student.token, queue)).errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
      expect(await first.app.database.dataSource.query('SELECT role FROM users WHERE firebase_uid = $1', [student.uid])).toEqual([
        { role: 'student' },
      ]);
      await first.close();

      // A lock left by an app that was killed (its heartbeat long stopped) does not stand in the way.
      const lock = path.join(ownDir, 'pglite.lock');
      expect(fs.existsSync(lock)).toBe(false);
      fs.mkdirSync(lock);
      const longAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lock, longAgo, longAgo);
      const granted = await admin('grant', 'admin', email);
      expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining(`${email} is now an admin`) });
      expect(fs.existsSync(lock)).toBe(false);

      const second = await startTestServer(env);
      try {
        expect((await graphql(second, student.token, queue)).data).toEqual({ myRole: 'ADMIN', moderationQueue: [] });
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 300_000); // two embedded starts, a build and two admin commands: minutes on a busy machine

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
  }, 300_000); // an embedded start and a transcode
});

/** Runs a command without blocking this process (the app under test answers meanwhile). */
function spawnAsync(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
