import fs from 'node:fs/promises';
import path from 'node:path';
import { command } from '../command';

/** A summary for an operator: who is here, what they made, what it weighs, what the queue holds. */
export const statsCommand = command({
  name: 'stats',
  help: [['stats', 'students, posts, comments, storage used and the queue, in a few lines']],
  parse: (args) => (args.length ? null : {}),
  async run({ config, database, app, out }) {
    const [counts]: Array<Record<string, number>> = await database.dataSource.query(
      `SELECT (SELECT count(*) FROM users) AS students,
              (SELECT count(*) FROM users WHERE created_at > now() - interval '30 days') AS new_students,
              (SELECT count(*) FROM users WHERE role <> 'student') AS team,
              (SELECT count(*) FROM users WHERE suspended_until > now()) AS suspended,
              (SELECT count(*) FROM posts WHERE status = 'ready') AS posts_ready,
              (SELECT count(*) FROM posts WHERE status = 'processing') AS posts_processing,
              (SELECT count(*) FROM posts WHERE status = 'failed') AS posts_failed,
              (SELECT count(*) FROM comments) AS comments,
              (SELECT count(*) FROM likes) AS likes,
              (SELECT count(*) FROM follows) AS follows,
              (SELECT coalesce(sum(size), 0) FROM uploads WHERE status = 'complete') AS received_bytes`,
    );
    const c = counts!;
    out(`students  ${c.students} (${c.new_students} new in 30 days, ${c.team} moderators and admins, ${c.suspended} suspended)`);
    out(`posts     ${c.posts_ready} ready, ${c.posts_processing} processing, ${c.posts_failed} failed`);
    out(`activity  ${c.comments} comments, ${c.likes} likes, ${c.follows} follows`);
    const stored = config.s3 ? null : await folderBytes(config.mediaDir);
    out(
      `storage   ${megabytes(Number(c.received_bytes))} uploaded` +
        (stored === null
          ? ` (bucket ${config.s3!.bucket}: its own metrics say what it holds)`
          : `; ${megabytes(stored)} in ${config.mediaDir}`),
    );
    const queues = await app.jobs.queues();
    const sum = (key: 'queued' | 'active' | 'failed') => queues.reduce((total, queue) => total + queue[key], 0);
    const oldest = Math.max(0, ...queues.map((queue) => queue.oldestQueuedSeconds ?? 0));
    out(`queue     ${sum('queued')} waiting (oldest ${Math.round(oldest)} s), ${sum('active')} running, ${sum('failed')} failed`);
    return 0;
  },
});

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Bytes of every file under `dir` (the local media store); 0 when it does not exist yet. */
async function folderBytes(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
