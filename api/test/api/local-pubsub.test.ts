import { createLocalPubSub } from '../../src/infra/pubsub/local-pubsub';

/** The in-process PubSub behind live comments on a single api instance. */
describe('in-process live events', () => {
  it('hands every event of a topic to each of its subscribers, in order, and nothing of other topics', async () => {
    const pubsub = createLocalPubSub();
    const first = pubsub.subscribe('post.1');
    const second = pubsub.subscribe('post.1');
    const elsewhere = pubsub.subscribe('post.2');
    pubsub.publish('post.1', 'a');
    pubsub.publish('post.1', 'b');
    expect(await first.next()).toEqual({ value: 'a', done: false });
    expect(await first.next()).toEqual({ value: 'b', done: false });
    expect(await second.next()).toEqual({ value: 'a', done: false });
    const pending = second.next();
    pubsub.publish('post.1', 'c');
    await expect(pending).resolves.toEqual({ value: 'b', done: false });
    expect(await second.next()).toEqual({ value: 'c', done: false });
    let otherTopic: unknown = 'nothing';
    void elsewhere.next().then((result) => (otherTopic = result));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(otherTopic).toBe('nothing');
    await Promise.all([first.return!(), second.return!(), elsewhere.return!()]);
    expect(otherTopic).toEqual({ value: undefined, done: true });
  });

  it('stops a closed subscription at once, even while it waits, and delivers nothing to it afterwards', async () => {
    const pubsub = createLocalPubSub();
    const live = pubsub.subscribe('post.1');
    const waiting = live.next();
    await live.return!();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    pubsub.publish('post.1', 'late');
    expect(await live.next()).toEqual({ value: undefined, done: true });
  });
});
