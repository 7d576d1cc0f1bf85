import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { PubSub } from 'type-graphql';
import { createLocalPubSub } from './local-pubsub';

/** Live events. In-process by default; through Redis when REDIS_URL is set, so every api instance hears every event. */
export interface AppPubSub extends PubSub {
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/**
 * Published on an instance's own topics (never through Redis) when its Redis subscription is back
 * after a break: whatever the other instances announced meanwhile was lost, so in-memory copies
 * kept current by announcements (live comments' blocks and mutes) must be read afresh.
 */
export const LIVE_RESUMED = 'LIVE_RESUMED';

/** Redis channels carry this prefix, so the api's traffic is easy to tell apart on a shared Redis. */
const CHANNEL_PREFIX = 'campus:live:';
/** How long close() lets Redis acknowledge QUIT before cutting the connections. */
const QUIT_GRACE_MS = 500;

export function createAppPubSub(redisUrl: string | null): AppPubSub {
  const local = createLocalPubSub();
  if (!redisUrl) {
    return {
      kind: 'memory',
      publish: (topic, payload) => local.publish(topic, payload),
      subscribe: (topic) => local.subscribe(topic),
      close: async () => undefined,
    };
  }
  return createRedisPubSub(redisUrl, local);
}

/**
 * Every instance subscribes once, at start, to all of the api's channels and hands each message
 * to its in-process topics; subscribers only ever listen locally. There is no SUBSCRIBE per topic,
 * so a new subscriber hears events at once, and nothing waits on Redis when subscribers come and
 * go. (graphql-redis-subscriptions did one per topic, and left a rejection nobody handled when
 * its connection closed mid-SUBSCRIBE, which ended the process.) The price is that each instance
 * receives every event, including those for posts nobody there watches: a few hundred bytes per
 * comment, far below what the instance does to store it.
 *
 * An event reaches the publishing instance's own subscribers straight away, not through Redis:
 * faster, and while Redis is away comments still arrive live for students on the same instance.
 * Each message names its instance so that instance skips its own echo.
 */
function createRedisPubSub(redisUrl: string, local: ReturnType<typeof createLocalPubSub>): AppPubSub {
  // Commands wait while Redis is away (no retry limit, offline queue on); ioredis reconnects and
  // repeats the PSUBSCRIBE by itself, so live events resume on their own.
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  publisher.on('error', () => undefined); // expected while Redis is away; /readyz reports it
  subscriber.on('error', () => undefined);

  const instance = randomUUID();
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    let event: { from?: unknown; payload?: unknown };
    try {
      event = JSON.parse(message);
    } catch {
      return; // not ours: something else published on our prefix
    }
    if (event.from !== instance) local.publish(channel.slice(CHANNEL_PREFIX.length), event.payload);
  });
  subscriber.psubscribe(`${CHANNEL_PREFIX}*`).catch(() => undefined); // fails only when closed first
  // ioredis is ready again after each reconnection (and re-subscribes by itself): not the first time.
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) local.publish(LIVE_RESUMED, {});
    connectedBefore = true;
  });

  return {
    kind: 'redis',
    publish(topic, payload) {
      // Fire and forget, like the in-process PubSub: the write that caused the event has
      // succeeded, and a lost live event only means the thread shows it on the next read.
      local.publish(topic, payload);
      publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify({ from: instance, payload })).catch(() => undefined);
    },
    subscribe: (topic) => local.subscribe(topic),
    async close() {
      // QUIT lets Redis take what it was already sent; while Redis is away QUIT never answers,
      // so wait a moment at most and then cut. Cutting rejects the unanswered QUITs: handled.
      const quitting = Promise.all([publisher.quit(), subscriber.quit()]).catch(() => undefined);
      await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, QUIT_GRACE_MS).unref())]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
