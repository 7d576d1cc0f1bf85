import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createIdentity } from '../support/identity';
import { createStudent, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Every route of spec §7 through the REST adapter, with the spec's payloads, messages and shapes,
 * the way the earlier web client calls them (plus the Bearer token of D1).
 */
const MEDIA = path.resolve(__dirname, '../../../fixtures/media');
const CLIP = path.join(MEDIA, 'clips/campus-testcard.mp4');
const AVATAR = path.join(MEDIA, 'avatars/student-01.png');
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A finished video upload of the student's (each post needs its own). */
async function uploadVideo(student: Student): Promise<string> {
  const imported = await server.app.media.importFile(student.uid, 'video', CLIP, `clip-${randomUUID()}.mp4`);
  return imported.url;
}

/** Creates a post exactly as the Create Post screen does: POST /api/posts with tags as one string. */
async function createPost(student: Student, fields: { caption?: string; tags?: string } = {}, via: TestServer = server) {
  const response = await rest(via, 'POST', '/api/posts', {
    token: student.token,
    body: {
      firebaseUid: student.uid,
      videoUrl: await uploadVideo(student),
      caption: fields.caption ?? 'On the quad',
      tags: fields.tags ?? 'campus',
    },
  });
  if (response.status !== 201) throw new Error(`create post failed: ${JSON.stringify(response.body)}`);
  return response.body.post as { _id: string; createdAt: string };
}

async function followUser(follower: Student, target: Student) {
  const response = await rest(server, 'PUT', `/api/follow/${target.uid}`, { token: follower.token, body: { currentUserId: follower.uid } });
  expect(response.status).toBe(200);
}

function authorOf(student: Student) {
  return { _id: student.uid, firebaseUid: student.uid, displayName: student.displayName, photoURL: null };
}

describe('POST /api/users/sync', () => {
  it('creates the profile from the spec payload and answers {success, message, user}', async () => {
    const identity = await createIdentity();
    const response = await rest(server, 'POST', '/api/users/sync', {
      token: identity.token,
      body: { firebaseUid: identity.uid, email: identity.email, displayName: 'Ada Lovelace', dateOfBirth: '2001-05-05' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: {
        _id: identity.uid,
        firebaseUid: identity.uid,
        email: identity.email,
        displayName: 'Ada Lovelace',
        dateOfBirth: '2001-05-05',
        photoURL: null,
        interests: [],
        followers: [],
        following: [],
      },
    });
  });

  it('takes the e-mail from the verified token, not from the body', async () => {
    const identity = await createIdentity();
    const response = await rest(server, 'POST', '/api/users/sync', {
      token: identity.token,
      body: { firebaseUid: identity.uid, email: 'someone-else@campus.test', displayName: 'Grace Hopper', dateOfBirth: '1999-12-09' },
    });
    expect(response.body.user.email).toBe(identity.email);
  });

  it('refuses an underage or nameless sign-up with 400 and the spec words, storing nothing', async () => {
    const identity = await createIdentity();
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    const young = await rest(server, 'POST', '/api/users/sync', {
      token: identity.token,
      body: { firebaseUid: identity.uid, email: identity.email, displayName: 'Young One', dateOfBirth: sixteen },
    });
    expect(young.status).toBe(400);
    expect(young.body).toEqual({
      success: false,
      message: 'You must be at least 17 years old to sign up',
      error: 'Failed to sync with database',
      errors: { dateOfBirth: 'You must be at least 17 years old to sign up' },
    });
    const short = await rest(server, 'POST', '/api/users/sync', {
      token: identity.token,
      body: { firebaseUid: identity.uid, email: identity.email, displayName: 'A', dateOfBirth: '2000-01-01' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Please enter your full name (minimum 2 characters)');
    const lookup = await rest(server, 'GET', `/api/users/${identity.uid}`);
    expect(lookup.status).toBe(404);
    expect(lookup.body).toEqual({ success: false, message: 'User not found' });
  });
});

describe('a signed-in identity without a profile yet', () => {
  it('is asked to finish its profile before acting, and nothing is stored', async () => {
    const identity = await createIdentity();
    const author = await createStudent(server);
    const post = await createPost(author);
    const attempts = [
      rest(server, 'POST', '/api/calendar', {
        token: identity.token,
        body: { firebaseUid: identity.uid, date: '2026-12-05', eventName: 'Party' },
      }),
      rest(server, 'POST', `/api/posts/${post._id}/like`, { token: identity.token, body: { firebaseUid: identity.uid } }),
      rest(server, 'POST', `/api/posts/${post._id}/comment`, { token: identity.token, body: { firebaseUid: identity.uid, text: 'Hi' } }),
      rest(server, 'PUT', `/api/follow/${author.uid}`, { token: identity.token, body: { currentUserId: identity.uid } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, message: 'Please finish setting up your profile first.' });
    }
    const listed = await rest(server, 'GET', `/api/posts/user/${author.uid}`);
    expect(listed.body.posts[0]).toMatchObject({ likes: [], comments: [] });
    expect((await rest(server, 'GET', `/api/users/${author.uid}`)).body.user.followers).toEqual([]);
  });
});

describe('GET /api/users/:uid', () => {
  it('answers the public profile to anyone, and e-mail and date of birth only to the owner (D9)', async () => {
    const owner = await createStudent(server, { displayName: 'Marie Curie', dateOfBirth: '1998-11-07' });
    const other = await createStudent(server);
    const own = await rest(server, 'GET', `/api/users/${owner.uid}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: { ...authorOf(owner), email: owner.email, dateOfBirth: '1998-11-07', interests: [], followers: [], following: [] },
    });
    for (const token of [other.token, null]) {
      const seen = await rest(server, 'GET', `/api/users/${owner.uid}`, { token });
      expect(seen.status).toBe(200);
      expect(seen.body.user).toMatchObject({ ...authorOf(owner), interests: [], followers: [], following: [] });
      expect(seen.body.user).toHaveProperty('bio');
      expect(seen.body.user).not.toHaveProperty('email');
      expect(seen.body.user).not.toHaveProperty('dateOfBirth');
      expect(JSON.stringify(seen.body)).not.toContain(owner.email);
      expect(JSON.stringify(seen.body)).not.toContain('1998-11-07');
    }
  });

  it('answers 404 "User not found" for an unknown uid', async () => {
    const response = await rest(server, 'GET', '/api/users/no-such-student');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'User not found' });
  });
});

describe('PUT /api/users/:uid', () => {
  it('updates displayName, photoURL, bio and interests and answers the user', async () => {
    const student = await createStudent(server);
    const photo = await server.app.media.importFile(student.uid, 'image', AVATAR, `avatar-${randomUUID()}.png`);
    const response = await rest(server, 'PUT', `/api/users/${student.uid}`, {
      token: student.token,
      body: { displayName: 'Rosalind Franklin', photoURL: photo.url, bio: 'Chemistry, mostly', interests: ['Chemistry', 'Hiking'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      user: {
        _id: student.uid,
        displayName: 'Rosalind Franklin',
        photoURL: photo.url,
        bio: 'Chemistry, mostly',
        interests: ['Chemistry', 'Hiking'],
      },
    });
    const after = await rest(server, 'GET', `/api/users/${student.uid}`);
    expect(after.body.user).toMatchObject({ displayName: 'Rosalind Franklin', photoURL: photo.url, bio: 'Chemistry, mostly' });
  });

  it('refuses bad fields with 400 and field messages, changing nothing', async () => {
    const student = await createStudent(server);
    const response = await rest(server, 'PUT', `/api/users/${student.uid}`, {
      token: student.token,
      body: { displayName: 'Z', bio: 'x'.repeat(501), interests: ['Knitting'] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: expect.any(String),
      errors: {
        displayName: 'Please enter your full name (minimum 2 characters)',
        bio: 'Bio must be at most 500 characters',
        interests: 'Please choose interests from the list',
      },
    });
    const after = await rest(server, 'GET', `/api/users/${student.uid}`);
    expect(after.body.user).toMatchObject({ displayName: student.displayName, bio: '', interests: [] });
  });
});

describe('POST /api/posts', () => {
  it('creates a post from {firebaseUid, videoUrl, caption, tags} with tags as one comma-separated string', async () => {
    const student = await createStudent(server);
    const videoUrl = await uploadVideo(student);
    const response = await rest(server, 'POST', '/api/posts', {
      token: student.token,
      body: { firebaseUid: student.uid, videoUrl, caption: 'Finals week survival', tags: 'campus, #Study ,finals,, campus' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Post created successfully',
      post: {
        _id: expect.any(String),
        userId: authorOf(student),
        videoUrl,
        caption: 'Finals week survival',
        tags: ['campus', 'Study', 'finals'],
        likes: [],
        comments: [],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    const listed = await rest(server, 'GET', `/api/posts/user/${student.uid}`);
    expect(listed.body.posts.map((post: { _id: string }) => post._id)).toEqual([response.body.post._id]);
  });

  it("refuses a post without a video: 400 'Please upload a video first', nothing stored", async () => {
    const student = await createStudent(server);
    for (const body of [
      { firebaseUid: student.uid, caption: 'No video', tags: 'oops' },
      { firebaseUid: student.uid, videoUrl: '   ', caption: 'Blank video', tags: '' },
    ]) {
      const response = await rest(server, 'POST', '/api/posts', { token: student.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Please upload a video first',
        error: 'Failed to create post',
        errors: { videoUrl: 'Please upload a video first' },
      });
    }
    const listed = await rest(server, 'GET', `/api/posts/user/${student.uid}`);
    expect(listed.body.posts).toEqual([]);
  });

  it("refuses someone else's video upload", async () => {
    const owner = await createStudent(server);
    const thief = await createStudent(server);
    const videoUrl = await uploadVideo(owner);
    const response = await rest(server, 'POST', '/api/posts', {
      token: thief.token,
      body: { firebaseUid: thief.uid, videoUrl, caption: 'Not mine', tags: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors).toHaveProperty('videoUrl');
  });
});

describe('limits of D10 through REST, in the same words as GraphQL', () => {
  it('refuses over-long captions, too many or too long tags, names and event names with 400, storing nothing', async () => {
    const student = await createStudent(server);
    const videoUrl = await uploadVideo(student);
    const postCases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ caption: 'c'.repeat(2201), tags: '' }, { caption: 'Caption must be at most 2,200 characters' }],
      [{ caption: 'ok', tags: Array.from({ length: 31 }, (_, index) => `tag${index}`).join(',') }, { tags: 'Use at most 30 tags' }],
      [{ caption: 'ok', tags: `fine, ${'t'.repeat(51)}` }, { tags: 'Each tag must be at most 50 characters' }],
    ];
    for (const [fields, errors] of postCases) {
      const response = await rest(server, 'POST', '/api/posts', {
        token: student.token,
        body: { firebaseUid: student.uid, videoUrl, ...fields },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: Object.values(errors)[0], error: 'Failed to create post', errors });
    }
    // Exactly at the limits is fine (emoji count as one character each).
    const atLimits = await rest(server, 'POST', '/api/posts', {
      token: student.token,
      body: {
        firebaseUid: student.uid,
        videoUrl,
        caption: '🎓'.repeat(2200),
        tags: Array.from({ length: 30 }, (_, index) => `${index}${'t'.repeat(48)}`).join(','),
      },
    });
    expect(atLimits.status).toBe(201);
    expect(atLimits.body.post.tags).toHaveLength(30);

    const name = await rest(server, 'PUT', `/api/users/${student.uid}`, { token: student.token, body: { displayName: 'n'.repeat(51) } });
    expect(name.status).toBe(400);
    expect(name.body.errors).toEqual({ displayName: 'Display name must be at most 50 characters' });
    const event = await rest(server, 'POST', '/api/calendar', {
      token: student.token,
      body: { firebaseUid: student.uid, date: '2026-12-24', eventName: 'e'.repeat(201) },
    });
    expect(event.status).toBe(400);
    expect(event.body.errors).toEqual({ eventName: 'Event name must be at most 200 characters' });

    const posts = await rest(server, 'GET', `/api/posts/user/${student.uid}`);
    expect(posts.body.posts).toHaveLength(1);
    expect((await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token })).body.events).toEqual([]);
  });
});

describe('DELETE /api/posts/:postId', () => {
  it('deletes the caller’s own post; a second delete is 404', async () => {
    const student = await createStudent(server);
    const post = await createPost(student);
    const response = await rest(server, 'DELETE', `/api/posts/${post._id}`, { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Post deleted successfully' });
    expect((await rest(server, 'GET', `/api/posts/user/${student.uid}`)).body.posts).toEqual([]);
    const again = await rest(server, 'DELETE', `/api/posts/${post._id}`, { token: student.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: 'Post not found' });
  });
});

describe('feeds: GET /api/posts/following/:uid, /explore/:uid, /user/:uid', () => {
  let viewer: Student;
  let followed: Student;
  let stranger: Student;
  /** The followed student's posts, newest first. */
  let followedPosts: string[];
  let strangerPost: string;
  let ownPost: string;
  /** The viewer's Home (D14): their own post (created last, so the newest) and the followed student's 23, newest first. */
  let home: string[];

  beforeAll(async () => {
    [viewer, followed, stranger] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await followUser(viewer, followed);
    const created: string[] = [];
    for (let index = 0; index < 23; index++) created.push((await createPost(followed, { caption: `Clip ${index}` }))._id);
    followedPosts = created.reverse();
    strangerPost = (await createPost(stranger))._id;
    ownPost = (await createPost(viewer))._id;
    home = [ownPost, ...followedPosts];
  });

  const ids = (body: { posts: Array<{ _id: string }> }) => body.posts.map((post) => post._id);

  it('pages the home feed 10 at a time by default, newest first, with hasMore', async () => {
    const first = await rest(server, 'GET', `/api/posts/following/${viewer.uid}`, { token: viewer.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: expect.any(String), hasMore: true });
    expect(ids(first.body)).toEqual(home.slice(0, 10));

    const explicitFirst = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=1&limit=10`, { token: viewer.token });
    expect(ids(explicitFirst.body)).toEqual(home.slice(0, 10));

    const second = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=2&limit=10`, { token: viewer.token });
    expect(ids(second.body)).toEqual(home.slice(10, 20));
    expect(second.body.hasMore).toBe(true);

    // 24 posts: the third page holds the last 4.
    const last = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=3&limit=10`, { token: viewer.token });
    expect(ids(last.body)).toEqual(home.slice(20));
    expect(last.body.hasMore).toBe(false);

    const beyond = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=4`, { token: viewer.token });
    expect(beyond.body).toMatchObject({ success: true, posts: [], hasMore: false });
  });

  it('ends exactly on a full last page with hasMore false', async () => {
    // Home holds 24 posts (23 followed and the viewer's own): one page of 24 is exactly full.
    const response = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=1&limit=24`, { token: viewer.token });
    expect(ids(response.body)).toEqual(home);
    expect(response.body.hasMore).toBe(false);
    const tail = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?page=2&limit=23`, { token: viewer.token });
    expect(ids(tail.body)).toEqual(home.slice(23));
    expect(tail.body.hasMore).toBe(false);
  });

  it('refuses a page or limit that is not a whole number of at least 1 with 400', async () => {
    for (const query of ['page=0', 'page=abc', 'limit=-5', 'limit=2.5']) {
      const response = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?${query}`, { token: viewer.token });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/must be a whole number of at least 1/);
    }
  });

  it('answers Mongo-style post documents with populated authors, liker uids and comments', async () => {
    const [newest] = followedPosts;
    await rest(server, 'POST', `/api/posts/${newest}/like`, { token: viewer.token, body: { firebaseUid: viewer.uid } });
    await rest(server, 'POST', `/api/posts/${newest}/comment`, {
      token: stranger.token,
      body: { firebaseUid: stranger.uid, text: 'Nice one' },
    });
    // The viewer's own post is the newest in their Home (D14); the followed student's newest comes next.
    const response = await rest(server, 'GET', `/api/posts/following/${viewer.uid}?limit=2`, { token: viewer.token });
    expect(response.body.posts).toEqual([
      expect.objectContaining({
        _id: ownPost,
        userId: authorOf(viewer),
        videoUrl: expect.stringMatching(/^\/media\/videos\//),
        caption: 'On the quad',
        tags: ['campus'],
        likes: [],
        comments: [],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      }),
      expect.objectContaining({
        _id: newest,
        userId: authorOf(followed),
        videoUrl: expect.stringMatching(/^\/media\/videos\//),
        caption: 'Clip 22',
        tags: ['campus'],
        likes: [viewer.uid],
        comments: [
          {
            _id: expect.any(String),
            text: 'Nice one',
            createdAt: expect.stringMatching(ISO_TIMESTAMP),
            userId: authorOf(stranger),
          },
        ],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      }),
    ]);
    for (const post of response.body.posts) expect(post.userId).not.toHaveProperty('email');
  });

  it("explore shows others' posts but neither the viewer's own nor those of people they follow", async () => {
    const everything: string[] = [];
    for (let page = 1; page <= 100; page++) {
      const response = await rest(server, 'GET', `/api/posts/explore/${viewer.uid}?page=${page}&limit=50`, { token: viewer.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, hasMore: expect.any(Boolean) });
      everything.push(...ids(response.body));
      if (!response.body.hasMore) break;
    }
    expect(everything).toContain(strangerPost);
    expect(everything).not.toContain(ownPost);
    for (const id of followedPosts) expect(everything).not.toContain(id);

    const defaults = await rest(server, 'GET', `/api/posts/explore/${viewer.uid}`, { token: viewer.token });
    expect(defaults.body.posts.length).toBeLessThanOrEqual(10);
  });

  it("lists a user's posts to anyone, newest first", async () => {
    const response = await rest(server, 'GET', `/api/posts/user/${stranger.uid}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, hasMore: false });
    expect(ids(response.body)).toEqual([strangerPost]);
    const nobody = await rest(server, 'GET', `/api/posts/user/no-such-student`);
    expect(nobody.body).toMatchObject({ success: true, posts: [], hasMore: false });
  });
});

describe('page size limit', () => {
  it('caps a page at 50 posts however many are asked for', async () => {
    const [prolific, reader] = await Promise.all([createStudent(server), createStudent(server)]);
    await followUser(reader, prolific);
    // 55 posts by one student is more than an hour's posting limit allows; a second instance on
    // the same database with the limits off plays the account that built them up over weeks.
    const backfill = await startTestServer({ RATE_LIMITS: 'off' });
    const created: string[] = [];
    try {
      for (let index = 0; index < 55; index++) created.push((await createPost(prolific, { caption: `Take ${index}` }, backfill))._id);
    } finally {
      await backfill.close();
    }
    const newestFirst = created.reverse();
    const ids = (body: { posts: Array<{ _id: string }> }) => body.posts.map((post) => post._id);

    const home = await rest(server, 'GET', `/api/posts/following/${reader.uid}?limit=500`, { token: reader.token });
    expect(home.status).toBe(200);
    expect(ids(home.body)).toEqual(newestFirst.slice(0, 50));
    expect(home.body.hasMore).toBe(true);
    const homeNext = await rest(server, 'GET', `/api/posts/following/${reader.uid}?page=2&limit=500`, { token: reader.token });
    expect(ids(homeNext.body)).toEqual(newestFirst.slice(50));
    expect(homeNext.body.hasMore).toBe(false);

    const profile = await rest(server, 'GET', `/api/posts/user/${prolific.uid}?limit=51`);
    expect(ids(profile.body)).toEqual(newestFirst.slice(0, 50));
    expect(profile.body.hasMore).toBe(true);

    const explore = await rest(server, 'GET', `/api/posts/explore/${reader.uid}?limit=1000`, { token: reader.token });
    expect(explore.status).toBe(200);
    expect(explore.body.posts.length).toBeLessThanOrEqual(50);
  });
});

describe('paging by cursor through REST', () => {
  it('continues after the last post seen, even when posts are deleted between pages', async () => {
    const [author, reader] = await Promise.all([createStudent(server), createStudent(server)]);
    await followUser(reader, author);
    const created: string[] = [];
    for (let index = 0; index < 15; index++) created.push((await createPost(author, { caption: `Part ${index}` }))._id);
    const newestFirst = created.reverse();
    const ids = (body: { posts: Array<{ _id: string }> }) => body.posts.map((post) => post._id);

    const first = await rest(server, 'GET', `/api/posts/following/${reader.uid}?limit=5`, { token: reader.token });
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 5));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // Two posts already seen are deleted before the next page is asked for.
    for (const id of newestFirst.slice(0, 2))
      expect((await rest(server, 'DELETE', `/api/posts/${id}`, { token: author.token })).status).toBe(200);

    const second = await rest(server, 'GET', `/api/posts/following/${reader.uid}?limit=5&cursor=${first.body.nextCursor}`, {
      token: reader.token,
    });
    expect(ids(second.body)).toEqual(newestFirst.slice(5, 10));
    const third = await rest(server, 'GET', `/api/posts/following/${reader.uid}?limit=5&cursor=${second.body.nextCursor}`, {
      token: reader.token,
    });
    expect(ids(third.body)).toEqual(newestFirst.slice(10));
    expect(third.body).toMatchObject({ hasMore: false, nextCursor: null });

    const broken = await rest(server, 'GET', `/api/posts/following/${reader.uid}?cursor=not-a-cursor`, { token: reader.token });
    expect(broken.status).toBe(400);
    expect(broken.body.success).toBe(false);
  });
});

describe('likes: POST /api/posts/:postId/like and /unlike', () => {
  it('likes once however often it is asked, and unlikes', async () => {
    const author = await createStudent(server);
    const fan = await createStudent(server);
    const post = await createPost(author);
    for (let attempt = 0; attempt < 2; attempt++) {
      const liked = await rest(server, 'POST', `/api/posts/${post._id}/like`, { token: fan.token, body: { firebaseUid: fan.uid } });
      expect(liked.status).toBe(200);
      expect(liked.body).toMatchObject({ success: true, message: expect.any(String), post: { _id: post._id, likes: [fan.uid] } });
    }
    const unliked = await rest(server, 'POST', `/api/posts/${post._id}/unlike`, { token: fan.token, body: { firebaseUid: fan.uid } });
    expect(unliked.status).toBe(200);
    expect(unliked.body).toMatchObject({ success: true, post: { _id: post._id, likes: [] } });
    const again = await rest(server, 'POST', `/api/posts/${post._id}/unlike`, { token: fan.token, body: { firebaseUid: fan.uid } });
    expect(again.body.post.likes).toEqual([]);
  });

  it("answers 404 'Post not found' for a post that does not exist", async () => {
    const fan = await createStudent(server);
    for (const postId of [randomUUID(), 'not-a-post-id']) {
      for (const action of ['like', 'unlike']) {
        const response = await rest(server, 'POST', `/api/posts/${postId}/${action}`, { token: fan.token, body: { firebaseUid: fan.uid } });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, message: 'Post not found' });
      }
    }
  });
});

describe('comments: POST /api/posts/:postId/comment', () => {
  it('answers the comment as {_id, text, createdAt, userId: author}', async () => {
    const author = await createStudent(server);
    const commenter = await createStudent(server);
    const post = await createPost(author);
    const response = await rest(server, 'POST', `/api/posts/${post._id}/comment`, {
      token: commenter.token,
      body: { firebaseUid: commenter.uid, text: '  See you at the game!  ' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: expect.any(String),
      comment: {
        _id: expect.any(String),
        text: 'See you at the game!',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        userId: authorOf(commenter),
      },
    });
    const listed = await rest(server, 'GET', `/api/posts/user/${author.uid}`);
    expect(listed.body.posts[0].comments).toEqual([response.body.comment]);
  });

  it('refuses empty and over-long comments with 400, storing nothing', async () => {
    const author = await createStudent(server);
    const post = await createPost(author);
    const cases: Array<[unknown, string]> = [
      ['   ', 'Comment cannot be empty'],
      [undefined, 'Comment cannot be empty'],
      ['x'.repeat(1001), 'Comment must be at most 1,000 characters'],
    ];
    for (const [text, message] of cases) {
      const response = await rest(server, 'POST', `/api/posts/${post._id}/comment`, {
        token: author.token,
        body: { firebaseUid: author.uid, text },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message, errors: { text: message } });
    }
    const listed = await rest(server, 'GET', `/api/posts/user/${author.uid}`);
    expect(listed.body.posts[0].comments).toEqual([]);
  });

  it("answers 404 'Post not found' for a post that does not exist", async () => {
    const commenter = await createStudent(server);
    const response = await rest(server, 'POST', `/api/posts/${randomUUID()}/comment`, {
      token: commenter.token,
      body: { firebaseUid: commenter.uid, text: 'Hello?' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Post not found' });
  });
});

describe('calendar: POST /api/calendar, GET /api/calendar/:uid, DELETE /api/calendar', () => {
  it('saves with eventName and an ISO date, and answers in that form', async () => {
    const student = await createStudent(server);
    const saved = await rest(server, 'POST', '/api/calendar', {
      token: student.token,
      body: { firebaseUid: student.uid, date: '2026-11-21', eventName: 'Chemistry midterm' },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-type')).toMatch(/^application\/json/);
    expect(saved.body).toEqual({
      success: true,
      message: 'Event saved successfully.',
      event: { date: '2026-11-21', eventName: 'Chemistry midterm' },
    });
    // Read back as YYYY-MM-DD with ?dates=iso; a plain GET answers the browser's date string (D7).
    const listed = await rest(server, 'GET', `/api/calendar/${student.uid}?dates=iso`, { token: student.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, events: [{ date: '2026-11-21', eventName: 'Chemistry midterm' }] });
    const plain = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ success: true, events: [{ date: 'Sat Nov 21 2026', eventName: 'Chemistry midterm' }] });
  });

  it("accepts 'event' and the browser's date string, and answers in the date string form (D7)", async () => {
    const student = await createStudent(server);
    const saved = await rest(server, 'POST', '/api/calendar', {
      token: student.token,
      // What the browser's toDateString() gives for 2026-11-21 (a Saturday).
      body: { firebaseUid: student.uid, date: 'Sat Nov 21 2026', event: 'Football game' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Event saved successfully.',
      event: { date: 'Sat Nov 21 2026', eventName: 'Football game' },
    });
    // The same day in the other form is the same key: one event per day.
    const replaced = await rest(server, 'POST', '/api/calendar', {
      token: student.token,
      body: { firebaseUid: student.uid, date: '2026-11-21', eventName: 'Football game (moved)' },
    });
    expect(replaced.body.event).toEqual({ date: '2026-11-21', eventName: 'Football game (moved)' });
    // A plain GET answers the date string form (the spec client's keys), as does ?dates=datestring; ?dates=iso gives YYYY-MM-DD.
    const asDateStrings = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(asDateStrings.body.events).toEqual([{ date: 'Sat Nov 21 2026', eventName: 'Football game (moved)' }]);
    const explicitDateStrings = await rest(server, 'GET', `/api/calendar/${student.uid}?dates=datestring`, { token: student.token });
    expect(explicitDateStrings.body.events).toEqual([{ date: 'Sat Nov 21 2026', eventName: 'Football game (moved)' }]);
    const asIso = await rest(server, 'GET', `/api/calendar/${student.uid}?dates=iso`, { token: student.token });
    expect(asIso.body.events).toEqual([{ date: '2026-11-21', eventName: 'Football game (moved)' }]);
  });

  it('answers an empty list for a student with no events', async () => {
    const student = await createStudent(server);
    const listed = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, events: [] });
  });

  it("refuses an empty or whitespace-only name with 'Please enter an event name.' (D6)", async () => {
    const student = await createStudent(server);
    for (const body of [
      { firebaseUid: student.uid, date: '2026-11-22', eventName: '' },
      { firebaseUid: student.uid, date: '2026-11-22', eventName: '   ' },
      { firebaseUid: student.uid, date: 'Sun Nov 22 2026', event: '\t' },
      { firebaseUid: student.uid, date: '2026-11-22' },
    ]) {
      const response = await rest(server, 'POST', '/api/calendar', { token: student.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Please enter an event name.',
        errors: { eventName: 'Please enter an event name.' },
      });
    }
    const listed = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(listed.body.events).toEqual([]);
  });

  it('refuses dates that are not real days in either form', async () => {
    const student = await createStudent(server);
    for (const date of ['2026-02-30', 'Mon Feb 30 2026', '21/11/2026', 'tomorrow', '', undefined, 20261121]) {
      const response = await rest(server, 'POST', '/api/calendar', {
        token: student.token,
        body: { firebaseUid: student.uid, date, eventName: 'Party' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, errors: { date: expect.any(String) } });
    }
    const listed = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(listed.body.events).toEqual([]);
  });

  it('deletes a day by {firebaseUid, date} in either form', async () => {
    const student = await createStudent(server);
    for (const [date, iso] of [
      ['2026-12-01', '2026-12-01'],
      ['Wed Dec 02 2026', '2026-12-02'],
    ]) {
      await rest(server, 'POST', '/api/calendar', {
        token: student.token,
        body: { firebaseUid: student.uid, date: iso, eventName: 'Study group' },
      });
      const deleted = await rest(server, 'DELETE', '/api/calendar', { token: student.token, body: { firebaseUid: student.uid, date } });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true, message: 'Event deleted successfully.' });
    }
    const listed = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(listed.body.events).toEqual([]);
    const missing = await rest(server, 'DELETE', '/api/calendar', {
      token: student.token,
      body: { firebaseUid: student.uid, date: '2026-12-01' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
  });
});

describe('follows: PUT /api/follow/:targetId and /api/follow/unfollow/:targetId', () => {
  it("follows and unfollows with the spec's default messages, reflected in the profiles", async () => {
    const follower = await createStudent(server);
    const target = await createStudent(server);
    const followed = await rest(server, 'PUT', `/api/follow/${target.uid}`, {
      token: follower.token,
      body: { currentUserId: follower.uid },
    });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ success: true, message: 'Successfully followed user', followerCount: 1 });
    const again = await rest(server, 'PUT', `/api/follow/${target.uid}`, { token: follower.token, body: { currentUserId: follower.uid } });
    expect(again.body).toMatchObject({ success: true, message: 'Successfully followed user', followerCount: 1 });

    const targetProfile = await rest(server, 'GET', `/api/users/${target.uid}`);
    expect(targetProfile.body.user).toMatchObject({ followers: [follower.uid], following: [] });
    const followerProfile = await rest(server, 'GET', `/api/users/${follower.uid}`);
    expect(followerProfile.body.user).toMatchObject({ followers: [], following: [target.uid] });

    const unfollowed = await rest(server, 'PUT', `/api/follow/unfollow/${target.uid}`, {
      token: follower.token,
      body: { currentUserId: follower.uid },
    });
    expect(unfollowed.status).toBe(200);
    expect(unfollowed.body).toMatchObject({ success: true, message: 'Successfully unfollowed user', followerCount: 0 });
    const unfollowedAgain = await rest(server, 'PUT', `/api/follow/unfollow/${target.uid}`, {
      token: follower.token,
      body: { currentUserId: follower.uid },
    });
    expect(unfollowedAgain.body).toMatchObject({ success: true, followerCount: 0 });
    expect((await rest(server, 'GET', `/api/users/${target.uid}`)).body.user.followers).toEqual([]);
  });

  it('refuses following oneself with 400 and an unknown user with 404', async () => {
    const student = await createStudent(server);
    const self = await rest(server, 'PUT', `/api/follow/${student.uid}`, { token: student.token, body: { currentUserId: student.uid } });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, message: 'You cannot follow yourself.' });
    const unknown = await rest(server, 'PUT', `/api/follow/no-such-student`, {
      token: student.token,
      body: { currentUserId: student.uid },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'User not found' });
    expect((await rest(server, 'GET', `/api/users/${student.uid}`)).body.user.following).toEqual([]);
  });
});

/**
 * Spec §7's table of calls, as the spec writes them: each is made on the running server with a real
 * student's token and the spec's payload, and must answer with the spec's shape. Written out from the
 * spec, not read from the route table, so a route missing from the table (or answering on another
 * method or path) fails here.
 */
interface SpecWorld {
  caller: Student;
  author: Student;
  /** A post of the author's, whom the caller follows. */
  post: string;
  /** Someone the caller does not follow yet. */
  target: Student;
}

interface SpecCall {
  /** The path with its parameters filled in and the spec's payload (anything the call needs is set up first). */
  request(world: SpecWorld): Promise<{ path: string; body?: Record<string, unknown> }>;
  status: number;
  /** What the spec says the client reads from the answer, beyond {success, message}. */
  answers(world: SpecWorld): Record<string, unknown>;
}

const ROUTE_CHECK = 'Route check';

async function saveEvent(student: Student, date: string) {
  const saved = await rest(server, 'POST', '/api/calendar', {
    token: student.token,
    body: { firebaseUid: student.uid, date, eventName: ROUTE_CHECK },
  });
  if (saved.status !== 200) throw new Error(`saving an event failed: ${JSON.stringify(saved.body)}`);
}

const SPEC_CALLS: Record<string, SpecCall> = {
  'POST /api/users/sync': {
    request: async ({ caller }) => ({
      path: '/api/users/sync',
      body: { firebaseUid: caller.uid, email: caller.email, displayName: caller.displayName },
    }),
    status: 200,
    answers: ({ caller }) => ({
      user: expect.objectContaining({ _id: caller.uid, firebaseUid: caller.uid, displayName: caller.displayName }),
    }),
  },
  'GET /api/users/{uid}': {
    request: async ({ author }) => ({ path: `/api/users/${author.uid}` }),
    status: 200,
    answers: ({ author }) => ({
      user: expect.objectContaining({
        _id: author.uid,
        displayName: author.displayName,
        bio: expect.any(String),
        interests: [],
        photoURL: null,
      }),
    }),
  },
  'PUT /api/users/{uid}': {
    request: async ({ caller }) => ({ path: `/api/users/${caller.uid}`, body: { bio: ROUTE_CHECK, interests: ['Art'] } }),
    status: 200,
    answers: ({ caller }) => ({ user: expect.objectContaining({ _id: caller.uid, bio: ROUTE_CHECK, interests: ['Art'] }) }),
  },
  'POST /api/posts': {
    request: async ({ caller }) => ({
      path: '/api/posts',
      body: { firebaseUid: caller.uid, videoUrl: await uploadVideo(caller), caption: ROUTE_CHECK, tags: 'campus' },
    }),
    status: 201,
    answers: ({ caller }) => ({
      post: expect.objectContaining({ _id: expect.any(String), caption: ROUTE_CHECK, userId: authorOf(caller) }),
    }),
  },
  'GET /api/posts/following/{uid}?page={n}&limit={n}': {
    request: async ({ caller }) => ({ path: `/api/posts/following/${caller.uid}?page=1&limit=10` }),
    status: 200,
    answers: ({ post }) => ({ posts: expect.arrayContaining([expect.objectContaining({ _id: post })]), hasMore: false }),
  },
  'GET /api/posts/explore/{uid}?page={n}&limit={n}': {
    request: async ({ caller }) => ({ path: `/api/posts/explore/${caller.uid}?page=1&limit=10` }),
    status: 200,
    answers: () => ({ posts: expect.any(Array), hasMore: expect.any(Boolean) }),
  },
  'GET /api/posts/user/{uid}': {
    request: async ({ author }) => ({ path: `/api/posts/user/${author.uid}` }),
    status: 200,
    answers: ({ post }) => ({ posts: [expect.objectContaining({ _id: post })] }),
  },
  'POST /api/posts/{postId}/like': {
    request: async ({ caller, post }) => ({ path: `/api/posts/${post}/like`, body: { firebaseUid: caller.uid } }),
    status: 200,
    answers: ({ caller, post }) => ({ post: expect.objectContaining({ _id: post, likes: [caller.uid] }) }),
  },
  'POST /api/posts/{postId}/unlike': {
    request: async ({ caller, post }) => {
      const liked = await rest(server, 'POST', `/api/posts/${post}/like`, { token: caller.token, body: { firebaseUid: caller.uid } });
      if (liked.status !== 200) throw new Error(`like failed: ${JSON.stringify(liked.body)}`);
      return { path: `/api/posts/${post}/unlike`, body: { firebaseUid: caller.uid } };
    },
    status: 200,
    answers: ({ post }) => ({ post: expect.objectContaining({ _id: post, likes: [] }) }),
  },
  'POST /api/posts/{postId}/comment': {
    request: async ({ caller, post }) => ({ path: `/api/posts/${post}/comment`, body: { firebaseUid: caller.uid, text: ROUTE_CHECK } }),
    status: 201,
    answers: ({ caller }) => ({
      comment: { _id: expect.any(String), text: ROUTE_CHECK, createdAt: expect.stringMatching(ISO_TIMESTAMP), userId: authorOf(caller) },
    }),
  },
  'POST /api/calendar': {
    request: async ({ caller }) => ({
      path: '/api/calendar',
      body: { firebaseUid: caller.uid, date: '2026-12-24', eventName: ROUTE_CHECK },
    }),
    status: 200,
    answers: () => ({ event: { date: '2026-12-24', eventName: ROUTE_CHECK } }),
  },
  'GET /api/calendar/{uid}': {
    request: async ({ caller }) => {
      await saveEvent(caller, '2026-12-25');
      return { path: `/api/calendar/${caller.uid}` };
    },
    status: 200,
    // The date in whichever form the adapter answers by default (D7); the event is the one saved.
    answers: () => ({
      events: expect.arrayContaining([{ date: expect.stringMatching(/^(2026-12-25|Fri Dec 25 2026)$/), eventName: ROUTE_CHECK }]),
    }),
  },
  'DELETE /api/calendar': {
    request: async ({ caller }) => {
      await saveEvent(caller, '2026-12-26');
      return { path: '/api/calendar', body: { firebaseUid: caller.uid, date: '2026-12-26' } };
    },
    status: 200,
    answers: () => ({ message: 'Event deleted successfully.' }),
  },
  'PUT /api/follow/{targetId}': {
    request: async ({ caller, target }) => ({ path: `/api/follow/${target.uid}`, body: { currentUserId: caller.uid } }),
    status: 200,
    answers: () => ({ message: 'Successfully followed user', followerCount: 1 }),
  },
  'PUT /api/follow/unfollow/{targetId}': {
    request: async ({ caller, target }) => {
      await rest(server, 'PUT', `/api/follow/${target.uid}`, { token: caller.token, body: { currentUserId: caller.uid } });
      return { path: `/api/follow/unfollow/${target.uid}`, body: { currentUserId: caller.uid } };
    },
    status: 200,
    answers: () => ({ message: 'Successfully unfollowed user', followerCount: 0 }),
  },
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const methodOf = (call: string) => call.split(' ')[0]!;
const templateOf = (call: string) => call.split(' ')[1]!.split('?')[0]!;

describe('every call of spec §7 on the running server', () => {
  let world: SpecWorld;
  beforeAll(async () => {
    const [caller, author, target] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    const post = (await createPost(author))._id;
    await followUser(caller, author);
    world = { caller, author, post, target };
  });

  it.each(Object.keys(SPEC_CALLS))("%s answers a real student's call with its status and the spec's shape", async (call) => {
    const spec = SPEC_CALLS[call]!;
    const { path: url, body } = await spec.request(world);
    const response = await rest(server, methodOf(call), url, { token: world.caller.token, body });
    expect({ call, status: response.status }).toEqual({ call, status: spec.status });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String), ...spec.answers(world) });
  });

  it.each(Object.keys(SPEC_CALLS))('%s: its path answers 404 to a method the spec does not give it', async (call) => {
    const template = templateOf(call);
    const listed = Object.keys(SPEC_CALLS)
      .filter((other) => templateOf(other) === template)
      .map(methodOf);
    const wrong = METHODS.find((method) => !listed.includes(method))!;
    const { path: url, body } = await SPEC_CALLS[call]!.request(world);
    const response = await rest(server, wrong, url, { token: world.caller.token, body: wrong === 'GET' ? undefined : body });
    expect({ call: `${wrong} ${url}`, status: response.status }).toEqual({ call: `${wrong} ${url}`, status: 404 });
    expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("the spec's default failure messages (§7, §8)", () => {
  const FAILURES: Record<string, string> = {
    'POST /api/users/sync': 'Failed to sync with database',
    'GET /api/users/{uid}': 'Failed to fetch user data',
    'PUT /api/users/{uid}': 'Failed to update user profile',
    'POST /api/posts': 'Failed to create post',
    'GET /api/posts/following/{uid}?page={n}&limit={n}': 'Failed to fetch posts from followed users',
    'GET /api/posts/explore/{uid}?page={n}&limit={n}': 'Failed to fetch explore posts',
    'GET /api/posts/user/{uid}': 'Failed to fetch user posts',
    'POST /api/posts/{postId}/like': 'Failed to like post',
    'POST /api/posts/{postId}/unlike': 'Failed to unlike post',
    'POST /api/posts/{postId}/comment': 'Failed to add comment',
    'POST /api/calendar': 'Failed to save event.',
    'GET /api/calendar/{uid}': 'Failed to fetch events',
    'DELETE /api/calendar': 'Failed to delete event.',
  };

  it('are what each route answers when something unexpected fails (500, {success: false, message})', async () => {
    const [caller, author, target] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    const world: SpecWorld = { caller, author, post: (await createPost(author))._id, target };
    const requests: Array<[string, { path: string; body?: Record<string, unknown> }]> = [];
    for (const call of Object.keys(FAILURES)) requests.push([call, await SPEC_CALLS[call]!.request(world)]);
    // Something the routes cannot expect: checking the caller's token breaks down.
    const broken = jest.spyOn(server.app.verifier, 'viewerFromHeader').mockRejectedValue(new Error('identity service went away'));
    try {
      const answered: Record<string, unknown> = {};
      for (const [call, { path: url, body }] of requests) {
        const response = await rest(server, methodOf(call), url, { token: caller.token, body });
        answered[call] = { status: response.status, body: response.body };
      }
      expect(answered).toEqual(
        Object.fromEntries(
          Object.entries(FAILURES).map(([call, message]) => [
            call,
            { status: 500, body: expect.objectContaining({ success: false, message }) },
          ]),
        ),
      );
      // Each answer came from the broken check, not from a route that never ran it.
      expect(broken).toHaveBeenCalledTimes(requests.length);
    } finally {
      broken.mockRestore();
    }
  });
});

describe('unknown /api paths', () => {
  it('answer 404 with {success: false, message}', async () => {
    const student = await createStudent(server);
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/users'],
      ['GET', '/api/posts/not/a/route'],
      ['DELETE', `/api/follow/${student.uid}`],
    ] as const) {
      const response = await rest(server, method, url, { token: student.token });
      expect({ method, url, status: response.status, body: response.body }).toEqual({
        method,
        url,
        status: 404,
        body: { success: false, message: 'Not found' },
      });
    }
  });
});
