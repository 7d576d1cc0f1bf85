import { openLiveSocket, type LiveSocket } from '../support/live-socket';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { sleep } from '../support/free-port';
import { startPrivateRedis, type PrivateRedis } from './support/private-redis';

/**
 * Live comments check each delivery against the subscriber's blocks and mutes as held in memory on
 * their instance, kept current by announcements over Redis. An announcement made while an
 * instance's Redis subscription is broken is lost to it; so when the subscription is back, the
 * instance reads everyone's blocks and mutes afresh. Here the lost announcement is a block written
 * straight into the database while Redis is down (nothing announces it at all): once Redis is
 * back, the subscriber on the other instance no longer gets the blocker's comments.
 */
jest.setTimeout(120_000);

let redis: PrivateRedis;
let one: TestServer | undefined;
let two: TestServer | undefined;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  [one, two] = await Promise.all([startTestServer({ REDIS_URL: redis.url }), startTestServer({ REDIS_URL: redis.url })]);
});

afterAll(async () => {
  try {
    await Promise.all(sockets.map((socket) => socket.close()));
    await Promise.all([one?.close(), two?.close()]);
  } finally {
    await redis?.stop();
  }
});

const COMMENTS = `subscription($id: ID!) { commentAdded(postId: $id) { text } }`;
const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }`;

async function say(server: TestServer, student: Student, postId: string, text: string) {
  const result = await graphql(server, student.token, ADD_COMMENT, { id: postId, text });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
}

/** Comments through instance one until the watcher on instance two hears one: events cross Redis. */
async function crossing(prober: Student, postId: string, watcher: LiveSocket, label: string) {
  for (let attempt = 0; ; attempt += 1) {
    await say(one!, prober, postId, `${label} ${attempt}`);
    if (
      await watcher.next('comments', 1000).then(
        () => true,
        () => false,
      )
    )
      break;
    if (attempt > 30) throw new Error(`${label}: no comment crossed Redis`);
  }
  await sleep(300);
  watcher.pending('comments');
}

it('reads blocks and mutes afresh when its Redis subscription is back: one made meanwhile holds', async () => {
  const [linus, ada, bea] = await Promise.all([createStudent(one!), createStudent(one!), createStudent(one!)]);
  const post = await createPost(one!, linus);
  const beaOnTwo = await openLiveSocket(two!.url, bea.token);
  sockets.push(beaOnTwo);
  beaOnTwo.subscribe('comments', COMMENTS, { id: post.id });
  await crossing(linus, post.id, beaOnTwo, 'probe');
  // Bea's relations (none) are now held on instance two.
  await say(one!, ada, post.id, 'Ada, before');
  expect((await beaOnTwo.next('comments')).commentAdded.text).toBe('Ada, before');

  await redis.kill();
  await one!.app.database.dataSource.query('INSERT INTO blocks (blocker_uid, blocked_uid) VALUES ($1, $2)', [ada.uid, bea.uid]);
  await redis.start();
  await crossing(linus, post.id, beaOnTwo, 'after the break');

  await say(one!, ada, post.id, 'Ada, after blocking Bea while Redis was down');
  await say(one!, linus, post.id, 'Linus, marker');
  expect((await beaOnTwo.next('comments')).commentAdded.text).toBe('Linus, marker');
});
