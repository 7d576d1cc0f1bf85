import { createPubSub } from '@graphql-yoga/subscription';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import Redis from 'ioredis';
import type { PubSub } from 'type-graphql';

/** Live events. In-process by default; through Redis when REDIS_URL is set, so every api instance hears every event. */
export interface AppPubSub extends PubSub {
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

export function createAppPubSub(redisUrl: string | null): AppPubSub {
  if (!redisUrl) {
    const local = createPubSub();
    return {
      kind: 'memory',
      publish: (topic, payload) => local.publish(topic, payload as never),
      subscribe: (topic) => local.subscribe(topic),
      close: async () => undefined,
    };
  }
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  // Errors while Redis is away are expected; ioredis reconnects and resubscribes by itself.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  const redis = new RedisPubSub({ publisher, subscriber });
  return {
    kind: 'redis',
    publish: (topic, payload) => void redis.publish(topic, payload).catch(() => undefined),
    subscribe: (topic) => redis.asyncIterableIterator(topic) as AsyncIterable<unknown>,
    async close() {
      redis.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
