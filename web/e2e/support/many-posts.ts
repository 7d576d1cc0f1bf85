// Long feeds in seconds: copies of posts the api already transcoded (same video files), written
// straight into this run's database. Two hundred uploads would mean two hundred transcodes and the
// api's post rate limit; the feed, the cards and the viewer read the copies like any other post.
import fs from 'node:fs';
import pg from 'pg';
import { e2eSettings } from './settings';

async function withRunDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { databaseName } = JSON.parse(fs.readFileSync(e2eSettings.stateFile, 'utf8')) as { databaseName: string | null };
  if (!databaseName) throw new Error('this run has no database yet (global setup did not finish)');
  const url = new URL(e2eSettings.adminDatabaseUrl);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` copies of the given READY posts (taken in turn) by `authorUid`, captioned
 * `${captionPrefix} ${n}` with n = count for the newest; dated a day and more ago, so posts other
 * test files make later stay on top of everyone's Explore. Returns the copies' ids, newest first.
 */
export async function copyReadyPosts(sourceIds: string[], authorUid: string, count: number, captionPrefix: string): Promise<string[]> {
  return withRunDatabase(async (client) => {
    const { rows: columns } = await client.query<{ column_name: string }>(
      // Generated columns (search_vector) are the database's to write.
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'posts' AND table_schema = current_schema() AND is_generated = 'NEVER'`,
    );
    // Everything the copy keeps from its source: the media and its facts, tags, state.
    const fresh = new Set(['id', 'author_uid', 'caption', 'created_at', 'upload_id', 'like_count', 'comment_count', 'mentions']);
    const kept = columns.map((column) => column.column_name).filter((name) => !fresh.has(name));
    const list = kept.map((name) => `"${name}"`).join(', ');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO posts (author_uid, caption, created_at, ${list})
       SELECT $1, $2 || ' ' || g.n, now() - interval '1 day' - (($3 - g.n) * interval '1 minute'), ${kept.map((name) => `s."${name}"`).join(', ')}
       FROM generate_series(1, $3::int) AS g(n)
       JOIN posts s ON s.id = ($4::uuid[])[1 + (g.n % array_length($4::uuid[], 1))]
       WHERE s.status = 'ready'
       RETURNING id, created_at`,
      [authorUid, captionPrefix, count, sourceIds],
    );
    await client.query(`UPDATE users SET post_count = post_count + $2 WHERE firebase_uid = $1`, [authorUid, rows.length]);
    if (rows.length !== count) throw new Error(`copied ${rows.length} of ${count} posts (are the sources READY?)`);
    return rows.map((row) => row.id).reverse();
  });
}

/** Dates these authors' posts a day back, so they sit under what later test files post in Explore. */
export async function backdatePostsOf(authorUids: string[]): Promise<void> {
  await withRunDatabase((client) =>
    client.query(`UPDATE posts SET created_at = created_at - interval '1 day' WHERE author_uid = ANY($1::text[])`, [authorUids]),
  );
}
