import { createPost } from '../support/scenario';
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
});
