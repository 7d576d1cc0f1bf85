import { MIGRATIONS } from '../../src/infra/db/migrations/index';
import { uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';
import { scratchMigrationDatabase } from '../support/scratch-database';

/** Tags follow the hashtag convention (letters, digits, marks and '_'; no spaces), keep their case, and match in any case. */
let server: TestServer;
let student: Student;
beforeAll(async () => {
  server = await startTestServer();
  student = await createStudent(server);
});
afterAll(async () => {
  await server.close();
});

const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id tags } }`;
const BY_TAG = `query($tag: String!) { postsByTag(tag: $tag, first: 50) { edges { node { id } } } }`;

async function createWithTags(tags: string[]) {
  const videoUrl = await uploadedVideo(server, student);
  return graphql(server, student.token, CREATE, { input: { videoUrl, caption: 'Tagged', tags } });
}

async function tagPage(tag: string): Promise<string[]> {
  const result = await graphql(server, null, BY_TAG, { tag });
  expect(result.errors).toBeUndefined();
  return result.data.postsByTag.edges.map((edge: { node: { id: string } }) => edge.node.id);
}

describe('tags', () => {
  it('become hashtags: spaces and punctuation go, letters of any script and their marks stay, case is kept, repeats in any case go', async () => {
    const result = await createWithTags([
      'Golden Hour',
      '#goldenhour',
      'GOLDEN-HOUR',
      'study_group',
      'Été',
      '東京',
      'क़िला',
      'Ünï 2026!',
      '!!!',
      ' # ',
    ]);
    expect(result.errors).toBeUndefined();
    expect(result.data.createPost.tags).toEqual(['GoldenHour', 'study_group', 'Été', '東京', 'क़िला', 'Ünï2026']);
  });

  it('are the same through the REST create call (one comma-separated string)', async () => {
    const response = await rest(server, 'POST', '/api/posts', {
      token: student.token,
      body: {
        firebaseUid: student.uid,
        videoUrl: await uploadedVideo(server, student),
        caption: 'REST',
        tags: 'Golden Hour, #GOLDENHOUR, study-group,,',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.post.tags).toEqual(['GoldenHour', 'studygroup']);
  });

  it('have one tag page whatever the case or spacing asked for, and it holds only posts with that tag', async () => {
    const golden = (await createWithTags(['Golden Hour'])).data.createPost.id;
    const lower = (await createWithTags(['goldenhour', 'sunset'])).data.createPost.id;
    const other = (await createWithTags(['golden', 'hour'])).data.createPost.id;
    const page = await tagPage('goldenhour');
    expect(page).toEqual(expect.arrayContaining([golden, lower]));
    expect(page).not.toContain(other);
    for (const asked of ['GoldenHour', '#GOLDENHOUR', 'golden hour']) expect(await tagPage(asked)).toEqual(page);
    expect(await tagPage('#')).toEqual([]);
  });

  it('keep the limits, counted after normalisation, with the same messages', async () => {
    const thirtyAndRepeats = Array.from({ length: 30 }, (_, i) => `tag${i}`).concat(['TAG0', 'tag 1']);
    expect((await createWithTags(thirtyAndRepeats)).data.createPost.tags).toHaveLength(30);
    const fiftyWithSpaces = `${'a'.repeat(25)} ${'b'.repeat(25)}`;
    expect((await createWithTags([fiftyWithSpaces])).data.createPost.tags).toEqual(['a'.repeat(25) + 'b'.repeat(25)]);

    const tooMany = await createWithTags(Array.from({ length: 31 }, (_, i) => `tag${i}`));
    expect(tooMany.errors?.[0]?.extensions?.fields).toEqual({ tags: 'Use at most 30 tags' });
    const tooLong = await createWithTags(['é'.repeat(51)]);
    expect(tooLong.errors?.[0]?.extensions?.fields).toEqual({ tags: 'Each tag must be at most 50 characters' });
  });

  it('are found through an index, in any case', async () => {
    const plan = await server.app.database.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(
        `EXPLAIN SELECT id FROM posts p WHERE post_tag_keys(p.tags) @> ARRAY[lower($1)]`,
        ['GoldenHour'],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('posts_tag_keys');
  });
});

describe('the tags migration', () => {
  const { migrated } = scratchMigrationDatabase('campus_tags');
  const tagMigration = MIGRATIONS.findIndex((migration) => migration.name.startsWith('HashtagTags'));

  it('brings the tags stored before it to the hashtag rule, and the tag pages find them in any case', async () => {
    const before = await migrated(MIGRATIONS.slice(0, tagMigration));
    await before.query(`INSERT INTO users (firebase_uid) VALUES ('old-timer')`);
    const [{ id: spaced }] = await before.query(
      `INSERT INTO posts (author_uid, video_url, tags) VALUES ('old-timer', '/media/videos/a.mp4', $1) RETURNING id`,
      [['golden hour', 'goldenhour', 'study-group', '!!!', 'été']],
    );
    const [{ id: clean }] = await before.query(
      `INSERT INTO posts (author_uid, video_url, tags) VALUES ('old-timer', '/media/videos/b.mp4', $1) RETURNING id`,
      [['campus', 'east_wing']],
    );
    await before.destroy();

    const after = await migrated(MIGRATIONS);
    try {
      const rows: Array<{ id: string; tags: string[] }> = await after.query(`SELECT id, tags FROM posts ORDER BY video_url`);
      expect(rows).toEqual([
        { id: spaced, tags: ['goldenhour', 'studygroup', 'été'] },
        { id: clean, tags: ['campus', 'east_wing'] },
      ]);
      const found = await after.query(`SELECT id FROM posts p WHERE post_tag_keys(p.tags) @> ARRAY[lower($1)]`, ['ÉTÉ']);
      expect(found).toEqual([{ id: spaced }]);
    } finally {
      await after.destroy();
    }
  });
});
