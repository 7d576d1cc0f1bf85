import { createAppPubSub, type AppPubSub } from '../../src/graphql/pubsub';

/**
 * The Redis PubSub, as two api instances use it: events published on one reach subscribers on
 * both, on the topic they asked for only. Closing it at any moment must not leave a rejected
 * promise behind: an unhandled rejection ends the api process, and once failed a CI run as
 * "Connection is closed." (the per-topic SUBSCRIBE of graphql-redis-subscriptions, cut short).
 * Jest fails a test on an unhandled rejection, so the close cases only wait for one to surface.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NO_REDIS_URL = 'redis://127.0.0.1:1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once each instance's PSUBSCRIBE is in place: a probe published now reaches it. */
async function listening(publisher: AppPubSub, instances: AppPubSub[]): Promise<void> {
  await Promise.all(
    instances.map(async (instance) => {
      const probe = instance.subscribe('PROBE')[Symbol.asyncIterator]();
      const heard = probe.next();
      const publishing = setInterval(() => publisher.publish('PROBE', {}), 10);
      await heard.finally(() => clearInterval(publishing));
      await probe.return?.();
    }),
  );
}

const opened: AppPubSub[] = [];
const open = (url = REDIS_URL) => {
  const pubsub = createAppPubSub(url);
  opened.push(pubsub);
  return pubsub;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
});

describe('Redis PubSub', () => {
  it('carries an event from one instance to subscribers on both, on their topic only', async () => {
    const [one, two] = [open(), open()];
    const onTwo = two.subscribe('COMMENT_ADDED.7')[Symbol.asyncIterator]();
    const onOne = one.subscribe('COMMENT_ADDED.7')[Symbol.asyncIterator]();
    const otherPost = two.subscribe('COMMENT_ADDED.8')[Symbol.asyncIterator]();
    await listening(one, [one, two]);

    one.publish('COMMENT_ADDED.7', { text: 'Nice clip', createdAt: '2026-11-21T10:00:00.000Z' });
    await expect(onTwo.next()).resolves.toEqual({ done: false, value: { text: 'Nice clip', createdAt: '2026-11-21T10:00:00.000Z' } });
    await expect(onOne.next()).resolves.toEqual({ done: false, value: { text: 'Nice clip', createdAt: '2026-11-21T10:00:00.000Z' } });

    two.publish('COMMENT_ADDED.8', { text: 'Other post' });
    await expect(otherPost.next()).resolves.toEqual({ done: false, value: { text: 'Other post' } });
    // The first topic got nothing more: its next event is the one published after.
    one.publish('COMMENT_ADDED.7', { text: 'Second' });
    await expect(onTwo.next()).resolves.toEqual({ done: false, value: { text: 'Second' } });
  });

  it('delivers to its own subscribers at once, also while Redis is unreachable', async () => {
    const pubsub = open(NO_REDIS_URL);
    const events = pubsub.subscribe('COMMENT_ADDED.10')[Symbol.asyncIterator]();
    pubsub.publish('COMMENT_ADDED.10', { text: 'Posted here' });
    await expect(events.next()).resolves.toEqual({ done: false, value: { text: 'Posted here' } });
  });

  it('does not deliver its own event twice (once directly, once back from Redis)', async () => {
    const [one, two] = [open(), open()];
    const events = one.subscribe('COMMENT_ADDED.11')[Symbol.asyncIterator]();
    await listening(two, [one]);
    one.publish('COMMENT_ADDED.11', { text: 'Once' });
    await expect(events.next()).resolves.toEqual({ done: false, value: { text: 'Once' } });
    // Once the other instance's event has come through Redis, an echo would have too.
    await sleep(50);
    two.publish('COMMENT_ADDED.11', { text: 'From the other instance' });
    await expect(events.next()).resolves.toEqual({ done: false, value: { text: 'From the other instance' } });
    const nothingMore = await Promise.race([events.next().then(() => 'another event'), sleep(200).then(() => 'nothing')]);
    expect(nothingMore).toBe('nothing');
  });

  it('ends a subscription at once when the subscriber leaves, without asking Redis', async () => {
    const pubsub = open(NO_REDIS_URL);
    const events = pubsub.subscribe('COMMENT_ADDED.9')[Symbol.asyncIterator]();
    const waiting = events.next();
    await expect(events.return!()).resolves.toEqual({ done: true, value: undefined });
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
  });

  it('closes at any moment of connecting, subscribing and publishing without an unhandled rejection', async () => {
    for (let round = 0; round < 100; round++) {
      const pubsub = createAppPubSub(REDIS_URL);
      const events = pubsub.subscribe(`close-test-${round}`)[Symbol.asyncIterator]();
      const waiting = events.next();
      pubsub.publish(`close-test-${round}`, { round });
      await sleep(round % 10);
      await pubsub.close();
      await events.return?.();
      await waiting;
    }
    await sleep(300);
  });

  it('closes promptly while Redis is unreachable and publishes wait for it', async () => {
    const pubsub = createAppPubSub(NO_REDIS_URL);
    await sleep(200); // a failed attempt or two
    for (let i = 0; i < 3; i++) pubsub.publish('close-test-offline', { i });
    const started = Date.now();
    await pubsub.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await sleep(300);
  });
});
