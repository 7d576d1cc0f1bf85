/**
 * In-process topics for one api instance: per topic a set of subscriptions, each a small queue read
 * as an async iterator. It replaces @graphql-yoga/subscription's EventTarget and Repeater pair,
 * which cost about a third of the api's CPU when one comment reached 1,000 subscribers
 * (bench/live.mjs).
 */
export interface LocalPubSub {
  publish(topic: string, payload: unknown): void;
  subscribe(topic: string): AsyncIterableIterator<unknown>;
}

export function createLocalPubSub(): LocalPubSub {
  const topics = new Map<string, Set<(payload: unknown) => void>>();
  return {
    publish(topic, payload) {
      const listeners = topics.get(topic);
      if (listeners) for (const listener of listeners) listener(payload);
    },
    subscribe(topic) {
      const queue: unknown[] = [];
      let waiting: ((result: IteratorResult<unknown>) => void) | null = null;
      let done = false;
      const listener = (payload: unknown) => {
        if (!waiting) {
          queue.push(payload);
          return;
        }
        const resolve = waiting;
        waiting = null;
        resolve({ value: payload, done: false });
      };
      // Listening starts now, not at the first next(): nothing published after subscribe() is missed.
      let listeners = topics.get(topic);
      if (!listeners) topics.set(topic, (listeners = new Set()));
      listeners.add(listener);
      const finish = () => {
        if (done) return;
        done = true;
        listeners.delete(listener);
        if (!listeners.size) topics.delete(topic);
        queue.length = 0;
        waiting?.({ value: undefined, done: true });
        waiting = null;
      };
      return {
        next() {
          if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => (waiting = resolve));
        },
        return() {
          finish();
          return Promise.resolve({ value: undefined, done: true });
        },
        throw(error?: unknown) {
          finish();
          return Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}
