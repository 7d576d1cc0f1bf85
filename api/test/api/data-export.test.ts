import fs from 'node:fs';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { createPost, fixtureVideos } from '../support/scenario';
import { createStudent, graphql, newClientAddress, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * 'Download my data' (GET /api/users/:uid/data-export): a student's own data in full, and of
 * anyone else only what any signed-in student sees. The other students here follow, like, comment,
 * block and keep private calendars, so their private data is close at hand to leak.
 */
describe("a student's data export", () => {
  let server: TestServer;
  let ada: Student;
  let bo: Student;
  let cy: Student;
  const BO_DOB = '1999-02-13';
  const BO_SECRET = "Bo's private dentist appointment";
  const ADA_DAY = 'Ada hands in her thesis';

  beforeAll(async () => {
    server = await startTestServer();
    [ada, bo, cy] = await Promise.all([
      createStudent(server, { displayName: 'Ada Exporter' }),
      createStudent(server, { displayName: 'Bo Follower', dateOfBirth: BO_DOB }),
      createStudent(server, { displayName: 'Cy Blocked' }),
    ]);
    const ok = async (student: Student, query: string, variables: Record<string, unknown> = {}) => {
      const result = await graphql(server, student.token, query, variables);
      expect(result.errors).toBeUndefined();
      return result.data;
    };
    const post = await createPost(server, ada, { caption: 'My first clip', tags: ['campus'] });
    await ok(bo, `mutation ($id: ID!) { follow(userId: $id) { id } }`, { id: ada.uid });
    await ok(ada, `mutation ($id: ID!) { follow(userId: $id) { id } }`, { id: bo.uid });
    await ok(bo, `mutation ($id: ID!) { likePost(postId: $id) { id } }`, { id: post.id });
    await ok(bo, `mutation ($id: ID!) { addComment(postId: $id, text: "Great clip!") { id } }`, { id: post.id });
    await ok(ada, `mutation ($id: ID!) { addComment(postId: $id, text: "Thanks Bo") { id } }`, { id: post.id });
    await ok(ada, `mutation ($id: ID!) { blockUser(userId: $id) }`, { id: cy.uid });
    await ok(ada, `mutation ($d: LocalDate!, $n: String!) { saveCalendarEvent(date: $d, name: $n) { date } }`, {
      d: '2027-05-02',
      n: ADA_DAY,
    });
    await ok(bo, `mutation ($d: LocalDate!, $n: String!) { saveCalendarEvent(date: $d, name: $n) { date } }`, {
      d: '2027-05-02',
      n: BO_SECRET,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const download = (student: Student | null, uid: string) =>
    fetch(`${server.url}/api/users/${uid}/data-export`, { headers: student ? { authorization: `Bearer ${student.token}` } : {} });

  it('gives the student a JSON file of everything kept about them', async () => {
    const response = await download(ada, ada.uid);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="campus-clips-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await response.json()) as { posts: Array<{ videoUrl: string }> };
    const adaEmail = (await server.app.services.users.get(ada.uid)).email;
    expect(data).toMatchObject({
      format: 'campus-clips-data-export',
      version: 1,
      profile: { uid: ada.uid, email: adaEmail, displayName: 'Ada Exporter', role: 'student' },
      posts: [{ caption: 'My first clip', tags: ['campus'], likeCount: 1, commentCount: 2, event: null }],
      comments: [{ text: 'Thanks Bo' }],
      following: [{ uid: bo.uid, displayName: 'Bo Follower' }],
      followers: [{ uid: bo.uid, displayName: 'Bo Follower' }],
      blocked: [{ uid: cy.uid, displayName: 'Cy Blocked' }],
      muted: [],
      calendar: [{ date: '2027-05-02', name: ADA_DAY, postId: null }],
      calendarFeed: { active: false },
      likes: [],
    });
    expect(data.posts[0].videoUrl).toMatch(/^\/media\//);
  });

  it("never holds another student's private data: e-mail, birth date, calendar, comments", async () => {
    const text = await (await download(ada, ada.uid)).text();
    const others = await Promise.all([bo, cy].map((student) => server.app.services.users.get(student.uid)));
    for (const other of others) expect([other.email, text.includes(other.email!)]).toEqual([other.email, false]);
    for (const leak of [BO_DOB, BO_SECRET, 'Great clip!']) expect([leak, text.includes(leak)]).toEqual([leak, false]);
    // Bo's own export has Bo's like and comment, and none of Ada's calendar.
    const bos = await (await download(bo, bo.uid)).json();
    expect(bos).toMatchObject({
      profile: { dateOfBirth: BO_DOB },
      comments: [{ text: 'Great clip!' }],
      likes: [{ postId: expect.any(String) }],
    });
    expect(JSON.stringify(bos)).not.toContain(ADA_DAY);
  });

  it("refuses another student's export (403, in the caller's own name only) and a caller without a token (401)", async () => {
    const forged = await rest(server, 'GET', `/api/users/${ada.uid}/data-export`, { token: bo.token });
    expect(forged).toMatchObject({ status: 403, body: { success: false, message: 'You can only act as yourself.' } });
    const anonymous = await download(null, ada.uid);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Ada Exporter');
  });

  it('is rate limited: five an hour per student, fifty per address (the same student elsewhere still may)', async () => {
    const student = await createStudent(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await download(student, student.uid)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const address = newClientAddress();
    const other = await createStudent(server);
    const from = (where: string) =>
      fetch(`${server.url}/api/users/${other.uid}/data-export`, {
        headers: { authorization: `Bearer ${other.token}`, 'x-forwarded-for': where },
      });
    // Many students behind this address have used all but one.
    for (let i = 0; i < 49; i += 1) await server.app.limits.consume('dataExport', { address });
    expect((await from(address)).status).toBe(200);
    const refused = await from(address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await from(newClientAddress())).status).toBe(200);
  });
  describe("as an archive (data.json and the student's own media, as a ZIP built by a queued job)", () => {
    let dee: Student;
    let archiveId: string;
    const archives = async (uid: string) =>
      (await server.app.database.dataSource.query(`SELECT id, status, store_path FROM data_export_archives WHERE user_uid = $1`, [
        uid,
      ])) as Array<{
        id: string;
        status: string;
        store_path: string | null;
      }>;

    beforeAll(async () => {
      dee = await createStudent(server, { displayName: 'Dee Archiver' });
      await createPost(server, dee, { caption: 'Dee on the quad' });
    });

    it('queues one archive per student at a time: asking again while it is prepared answers the same one', async () => {
      const first = await rest(server, 'POST', `/api/users/${dee.uid}/data-export`, { token: dee.token });
      expect(first).toMatchObject({ status: 202, body: { success: true, archive: { status: 'pending', downloadUrl: null } } });
      archiveId = first.body.archive.id;
      const again = await rest(server, 'POST', `/api/users/${dee.uid}/data-export`, { token: dee.token });
      expect(again.body.archive.id).toBe(archiveId);
      const status = await rest(server, 'GET', `/api/users/${dee.uid}/data-export/status`, { token: dee.token });
      expect(status.body.archive).toMatchObject({ id: archiveId, status: 'pending' });
      expect(await archives(dee.uid)).toHaveLength(1);
    });

    it("refuses another student's request and status (403) and changes nothing", async () => {
      const before = await archives(dee.uid);
      const asked = await rest(server, 'POST', `/api/users/${dee.uid}/data-export`, { token: bo.token });
      expect(asked).toMatchObject({ status: 403, body: { success: false, message: 'You can only act as yourself.' } });
      const status = await rest(server, 'GET', `/api/users/${dee.uid}/data-export/status`, { token: bo.token });
      expect(status.status).toBe(403);
      expect(JSON.stringify(status.body)).not.toContain(archiveId);
      expect(await archives(dee.uid)).toEqual(before);
      expect(await archives(bo.uid)).toEqual([]);
      expect((await rest(server, 'POST', `/api/users/${dee.uid}/data-export`, {})).status).toBe(401);
    });

    it('is built by a worker; its owner alone downloads data.json and the bytes of their clip', async () => {
      // The test server runs no workers (TRANSCODE_WORKERS=0): this one takes the queued job as `npm run worker` would.
      await server.app.services.dataExportArchives.startWorkers();
      let archive: { status: string; downloadUrl: string | null; size: number; expiresAt: string } | null = null;
      for (let i = 0; i < 120 && archive?.status !== 'ready'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        archive = (await rest(server, 'GET', `/api/users/${dee.uid}/data-export/status`, { token: dee.token })).body.archive;
        expect(archive?.status).not.toBe('failed');
      }
      expect(archive).toMatchObject({ status: 'ready', downloadUrl: `/api/users/${dee.uid}/data-export/archives/${archiveId}` });
      const days = (new Date(archive!.expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const [row] = await archives(dee.uid);
      expect(row!.store_path).toMatch(/^exports\/[0-9a-f]{32}\.zip$/);
      // Not a public file: /media serves nothing under exports/.
      expect((await fetch(`${server.url}/media/${row!.store_path}`)).status).toBe(404);

      const download = await fetch(`${server.url}${archive!.downloadUrl}`, { headers: { authorization: `Bearer ${dee.token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/zip');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="campus-clips-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      const zip = Buffer.from(await download.arrayBuffer());
      expect(zip.length).toBe(archive!.size);
      const entries = await unzip(zip);
      const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
      expect(data).toMatchObject({
        format: 'campus-clips-data-export',
        profile: { uid: dee.uid },
        posts: [{ caption: 'Dee on the quad' }],
      });
      const clip = fs.readFileSync(fixtureVideos()[0]!);
      const original = [...entries].find(([name]) => name.startsWith('media/originals/'));
      expect(original?.[1].equals(clip)).toBe(true);
      // The clip as played (here the upload itself, served as its one rendition), under its /media path.
      const played = data.posts[0].videoUrl.replace(/^\/media\//, 'media/');
      expect(entries.get(played)?.equals(clip)).toBe(true);
      // Nobody else's media: every file is one of Dee's uploads'.
      const own: Array<{ path: string }> = await server.app.database.dataSource.query(
        `SELECT f.path FROM media_files f JOIN uploads u ON u.id = f.upload_id WHERE u.owner_uid = $1
          UNION SELECT original_path FROM uploads WHERE owner_uid = $1 AND original_path IS NOT NULL`,
        [dee.uid],
      );
      expect([...entries.keys()].filter((name) => name !== 'data.json').sort()).toEqual(own.map((file) => `media/${file.path}`).sort());
    }, 60_000);

    it("is served to nobody else: another student's token gets 403 (their uid) or 404 (their own uid), none 401", async () => {
      const as = (token: string | null, uid: string) =>
        fetch(`${server.url}/api/users/${uid}/data-export/archives/${archiveId}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const forged = await as(bo.token, dee.uid);
      expect(forged.status).toBe(403);
      const ownPath = await as(bo.token, bo.uid);
      expect(ownPath.status).toBe(404);
      expect(ownPath.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await as(null, dee.uid)).status).toBe(401);
      expect((await archives(dee.uid))[0]).toMatchObject({ id: archiveId, status: 'ready' });
    });

    it('is deleted, row and file, once expired and swept', async () => {
      const [row] = await archives(dee.uid);
      expect(await server.app.media.store.stat(row!.store_path!)).not.toBeNull();
      // Another student's archive that has not expired stays.
      await server.app.database.dataSource.query(
        `INSERT INTO data_export_archives (user_uid, status, expires_at) VALUES ($1, 'failed', now() + interval '1 day')`,
        [bo.uid],
      );
      await server.app.database.dataSource.query(`UPDATE data_export_archives SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        archiveId,
      ]);
      expect((await rest(server, 'GET', `/api/users/${dee.uid}/data-export/archives/${archiveId}`, { token: dee.token })).status).toBe(404);
      expect(await server.app.sweepExportArchives()).toBe(1);
      expect(await archives(dee.uid)).toEqual([]);
      expect(await server.app.media.store.stat(row!.store_path!)).toBeNull();
      expect(await archives(bo.uid)).toHaveLength(1);
      const status = await rest(server, 'GET', `/api/users/${dee.uid}/data-export/status`, { token: dee.token });
      expect(status).toMatchObject({ status: 200, body: { archive: null } });
    });

    it("is rate limited with the export's budget (the JSON's and the archive's together), in the api's words", async () => {
      const student = await createStudent(server);
      const statuses: number[] = [];
      await rest(server, 'GET', `/api/users/${student.uid}/data-export`, { token: student.token });
      for (let i = 0; i < 5; i += 1)
        statuses.push((await rest(server, 'POST', `/api/users/${student.uid}/data-export`, { token: student.token })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 429]);
      const refused = await rest(server, 'POST', `/api/users/${student.uid}/data-export`, { token: student.token });
      expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests/) });
      // Polling the status is not counted.
      for (let i = 0; i < 10; i += 1)
        expect((await rest(server, 'GET', `/api/users/${student.uid}/data-export/status`, { token: student.token })).status).toBe(200);
    });
  });
});

/** Every entry of a ZIP, by name. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return entries;
}
