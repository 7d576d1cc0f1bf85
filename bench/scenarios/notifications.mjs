// The notifications page (issue 15): the student actor's inbox, first page of 20, mixed kinds.
// The dataset is loaded by COPY, past the services, so no notification exists yet: this seeds the
// student's inbox from the dataset's own rows, as the services would have written it (the likes on
// each of their posts as one group, every comment on their posts as one, their followers as one
// group, a few moderation outcomes), the newest ten unread. Run after the api has migrated.
// The page is the web's Notifications operation; the unread count the web's sidebar asks for on
// its own (UnreadNotificationCount) is a scenario of its own, as the web sends two requests.
import { withClient } from '../dataset/generate.mjs';
import { OPS, PAGE, gqlRequest } from './graphql.mjs';

async function seedInbox(client, uid) {
  await client.query('DELETE FROM notifications WHERE recipient_uid = $1', [uid]);
  await client.query(
    `WITH g AS (
       INSERT INTO notifications (recipient_uid, kind, post_id, created_at, read_at)
       SELECT $1, 'like', l.post_id, max(l.created_at), max(l.created_at)
         FROM likes l JOIN posts p ON p.id = l.post_id
        WHERE p.author_uid = $1 AND l.user_uid <> $1
        GROUP BY l.post_id
       RETURNING id, post_id
     )
     INSERT INTO notification_actors (notification_id, actor_uid, created_at)
     SELECT g.id, l.user_uid, l.created_at FROM g JOIN likes l ON l.post_id = g.post_id WHERE l.user_uid <> $1`,
    [uid],
  );
  await client.query(
    `WITH c AS (
       SELECT c.id, c.post_id, c.author_uid, c.text, c.created_at
         FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE p.author_uid = $1 AND c.author_uid <> $1
     ),
     n AS (
       INSERT INTO notifications (recipient_uid, kind, post_id, comment_id, text, created_at, read_at)
       SELECT $1, 'comment', post_id, id, left(text, 280), created_at, created_at FROM c
       RETURNING id, comment_id
     )
     INSERT INTO notification_actors (notification_id, actor_uid, created_at)
     SELECT n.id, c.author_uid, c.created_at FROM n JOIN c ON c.id = n.comment_id`,
    [uid],
  );
  await client.query(
    `WITH n AS (
       INSERT INTO notifications (recipient_uid, kind, created_at, read_at)
       SELECT $1, 'follow', max(created_at), max(created_at) FROM follows WHERE followee_uid = $1 HAVING count(*) > 0
       RETURNING id
     )
     INSERT INTO notification_actors (notification_id, actor_uid, created_at)
     SELECT n.id, f.follower_uid, f.created_at FROM n, follows f WHERE f.followee_uid = $1`,
    [uid],
  );
  await client.query(
    `INSERT INTO notifications (recipient_uid, kind, text, created_at)
     SELECT $1, 'moderation', 'A moderator warned you about your post: benchmark', now() - make_interval(days => i) FROM generate_series(1, 3) i`,
    [uid],
  );
  // The newest ten unread, as if the student had last looked a while ago.
  await client.query(
    `UPDATE notifications SET read_at = NULL WHERE id IN (
       SELECT id FROM notifications WHERE recipient_uid = $1 ORDER BY created_at DESC, id DESC LIMIT 10)`,
    [uid],
  );
  const { rows } = await client.query(
    'SELECT kind, count(*)::int AS n FROM notifications WHERE recipient_uid = $1 GROUP BY kind ORDER BY kind',
    [uid],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

/** Seeds the student actor's inbox and returns the read scenarios over it. */
export async function notificationScenarios({ databaseUrl, tokens, actors }) {
  const inbox = await withClient(databaseUrl, (client) => seedInbox(client, actors.student.uid));
  return notificationRequests({ tokens, inbox });
}

/** The scenarios over a seeded inbox (`inbox`: its notifications by kind). */
export function notificationRequests({ tokens, inbox }) {
  const kinds = Object.entries(inbox)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  return [
    {
      id: 'notifications',
      name: `Notifications, first page of ${PAGE.notifications} (an inbox of ${kinds})`,
      kind: 'read',
      request: gqlRequest(tokens.student, OPS.notifications, { first: PAGE.notifications }),
    },
    {
      id: 'unread-count',
      name: 'Unread notification count (the sidebar)',
      kind: 'read',
      request: gqlRequest(tokens.student, OPS.unreadNotificationCount, {}),
    },
  ];
}
