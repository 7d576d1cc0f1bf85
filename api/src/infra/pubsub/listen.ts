import type { PubSub } from 'type-graphql';

/**
 * Calls `handle` with every event published on `topic` (on this instance or, through Redis, any
 * other), in order, until stop(). For the api's own announcements (account deletions, blocks) that
 * each instance acts on. A failing handler is skipped: one event never stops the listening.
 */
export function listen(pubsub: PubSub, topic: string, handle: (payload: unknown) => void | Promise<void>) {
  const iterator = pubsub.subscribe(topic)[Symbol.asyncIterator]();
  const listening = (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      try {
        await handle(next.value);
      } catch {
        // keep listening
      }
    }
  })().catch(() => undefined);
  return {
    /** Before the PubSub closes (subscriptions are in-process, so this never waits on Redis). */
    async stop(): Promise<void> {
      await iterator.return?.();
      await listening;
    },
  };
}
