import { command } from '../command';

/** The job queue (pg-boss, in the database): what waits, what runs, what failed; failed transcodes again. */
export const queueCommands = [
  command({
    name: 'queue',
    help: [['queue', 'jobs waiting, running and failed in each queue, and the oldest wait']],
    parse: (args) => (args.length ? null : {}),
    async run({ app, out }) {
      const queues = await app.jobs.queues();
      out(['queue'.padEnd(28), 'waiting', 'deferred', 'running', 'failed', 'oldest wait'].join('  '));
      for (const queue of queues) {
        const oldest = queue.oldestQueuedSeconds === null ? '-' : `${Math.round(queue.oldestQueuedSeconds)} s`;
        out(
          [
            queue.name.padEnd(28),
            String(queue.queued).padStart(7),
            String(queue.deferred).padStart(8),
            String(queue.active).padStart(7),
            String(queue.failed).padStart(6),
            oldest.padStart(11),
          ].join('  '),
        );
      }
      return 0;
    },
  }),
  command({
    name: 'queue',
    help: [['queue retry', "put failed transcodes back in the queue (their posts show 'processing' again)"]],
    parse: (args) => (args.length === 1 && args[0] === 'retry' ? {} : null),
    async run({ app, out }) {
      const retried = await app.videoProcessing.retryFailed();
      out(`admin: ${retried} failed transcode${retried === 1 ? '' : 's'} back in the queue`);
      return 0;
    },
  }),
];
