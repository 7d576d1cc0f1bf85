import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { createAppPubSub, type AppPubSub } from '../../src/infra/pubsub/pubsub';

/**
 * The Redis PubSub, as two api instances use it: events published on one reach subscribers on
 * both, on the topic they asked for only. Closing it at any moment must not leave a rejected
 * promise behind: an unhandled rejection ends the api process, and once failed a CI run as
 * "Connection is closed." (the per-topic SUBSCRIBE of graphql-redis-subscriptions, cut short).
 * Jest fails a test on an unhandled rejection, so the close cases wait for one to surface; the
 * case of closing at any moment also runs in a process of its own, as the api does, and counts them.
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

/**
 * The pubsub module (and what it imports from src) compiled as the api's build would, into a cache
 * folder under api/node_modules so `ioredis` resolves; each run compiles the current source.
 */
function compilePubSub(): string {
  const src = path.resolve(__dirname, '../../src');
  const out = path.resolve(__dirname, '../../node_modules/.cache/redis-pubsub-test');
  const pending = [path.join(src, 'infra/pubsub/pubsub.ts')];
  const done = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const { code } = transformFileSync(file, {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    const target = path.join(out, path.relative(src, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, code);
    for (const [, relative] of code.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
      const base = path.resolve(path.dirname(file), relative!);
      pending.push(fs.existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, 'index.ts'));
    }
  }
  return path.join(out, 'infra/pubsub/pubsub.js');
}

interface ProcessOutcome {
  exitCode: number | null;
  report: unknown;
  unhandledRejections: string[];
}

/** Runs `body` (with createAppPubSub, sleep and report in scope) in a node process of its own. */
function runInOwnProcess(body: string): Promise<ProcessOutcome> {
  const program = `
    const { createAppPubSub } = require(${JSON.stringify(compilePubSub())});
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const unhandledRejections = [];
    process.on('unhandledRejection', (reason) => unhandledRejections.push(String(reason?.stack ?? reason)));
    let reported = null;
    const report = (value) => { reported = value; };
    (async () => { ${body} })().then(
      () => process.stdout.write(JSON.stringify({ report: reported, unhandledRejections })),
      (error) => process.stdout.write(JSON.stringify({ report: { failed: String(error?.stack ?? error) }, unhandledRejections })),
    );`;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['-e', program],
      { env: { ...process.env, NODE_OPTIONS: '' }, timeout: 60_000 },
      (_error, stdout, stderr) => {
        let parsed: Omit<ProcessOutcome, 'exitCode'>;
        try {
          parsed = JSON.parse(stdout);
        } catch {
          parsed = { report: { stdout, stderr }, unhandledRejections: [] };
        }
        resolve({ exitCode: child.exitCode, ...parsed });
      },
    );
  });
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
    // In a process of its own, as the api runs: there an unhandled rejection is seen for what it is
    // (Jest's `process` is a copy whose listeners never hear one), and would end the process.
    const outcome = await runInOwnProcess(
      `const rounds = [];
      for (let round = 0; round < 100; round++) {
        const pubsub = createAppPubSub(${JSON.stringify(REDIS_URL)});
        const events = pubsub.subscribe('close-test-' + round)[Symbol.asyncIterator]();
        const waiting = events.next();
        pubsub.publish('close-test-' + round, { round });
        await sleep(round % 10);
        await pubsub.close();
        await events.return();
        rounds.push((await waiting).value.round);
      }
      await sleep(300);
      report({ rounds: rounds.length });`,
    );
    expect(outcome).toEqual({ exitCode: 0, report: { rounds: 100 }, unhandledRejections: [] });
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
