import type DataLoader from 'dataloader';
import type { DataSource, EntityManager } from 'typeorm';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';
import { PlanChoice, PreparedStatement, runPrepared } from '../../infra/db/prepared-statements';
import { hiddenCommentersSql, notBlockedSql, notMutedSql, notSuspendedSql } from '../../infra/db/relation-filters';
import { pageShape, toPage, type Page, type PageRequest } from '../../shared/paging';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { HIDDEN_COMMENTERS, isUuid, Post, visibleCommentCountSql, visiblePostSql } from '../posts';
import { User } from '../users';
import { notificationPolicy } from './notification.policy';
import type { Notification, NotificationSettings, NotificationSettingsInput } from './notification.types';

/** How a change in someone's unread count reaches their live subscriptions (in-process or through Redis). */
export interface NotificationEvents {
  countChanged(recipientUid: string): void;
}

export const notificationCountTopic = (recipientUid: string) => `NOTIFICATION_COUNT.${recipientUid}`;

/** What crosses the PubSub: whose count changed (the subscriber reads it fresh). */
export interface NotificationCountEvent {
  recipientUid: string;
}

/** A comment's text in a notification: its first characters. */
const EXCERPT_CHARS = 280;
/** The people shown by name in a group ('Maya, Ben, Lee and 3 others'). */
const ACTORS_SHOWN = 3;

type Setting = keyof NotificationSettings;
/** Each setting's column in notification_settings. */
const SETTING_COLUMNS: Record<Setting, string> = {
  likes: 'likes',
  comments: 'comments',
  mentions: 'mentions',
  follows: 'follows',
  moderation: 'moderation',
  organizationEvents: 'organization_events',
};
const SETTINGS = Object.keys(SETTING_COLUMNS) as Setting[];
const SETTINGS_SELECT = SETTINGS.map((name) => `${SETTING_COLUMNS[name]} AS "${name}"`).join(', ');

/** An organization the reader may see: active (organizations/: hidden and suspended ones are moderators' only). */
function visibleOrganizationSql(organizationId: string): string {
  return `EXISTS (SELECT 1 FROM organizations vo WHERE vo.id = ${organizationId} AND vo.status = 'active')`;
}

/**
 * May `recipient` be told of `actor`'s act (both SQL expressions): not their own act, neither has
 * blocked the other, the recipient has not muted the actor, and the kind is not turned off.
 */
function mayNotifySql(recipient: string, actor: string, setting: Setting | null): string {
  const turnedOff = setting
    ? `AND NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_uid = ${recipient} AND NOT ns.${SETTING_COLUMNS[setting]})`
    : '';
  return `${recipient} <> ${actor} AND ${notBlockedSql(actor, recipient)} AND ${notMutedSql(actor, recipient)} ${turnedOff}`;
}

/** An actor the reader may see now: not blocked either way, not muted by the reader, not suspended. */
function visibleActorSql(actor: string, reader: string): string {
  return `${notBlockedSql(actor, reader)} AND ${notMutedSql(actor, reader)} AND ${notSuspendedSql(actor)}`;
}

/**
 * Whether the reader sees notification `n` at all, judged at every read (a block, a mute, a
 * suspension or a hidden post may come after it was written): a moderation outcome always; any
 * other only while someone it groups is visible to the reader, and, for a post's notification,
 * while the reader may see the post (post-visibility: not processing, hidden for review, removed,
 * or by a blocked or suspended author), and for an organization's, while it is active. Such a notification is left out, not shown with its post
 * null: its text and actors would tell of a post the reader may not see. It comes back in its place
 * if the post does (a mention in a caption appears once the clip is ready).
 */
function shownSql(n: string, reader: string, hidden?: string): string {
  return `(${n}.kind = 'moderation' OR (
    EXISTS (SELECT 1 FROM notification_actors va WHERE va.notification_id = ${n}.id AND ${actorShownSql('va.actor_uid', reader, hidden)})
    AND (${n}.post_id IS NULL OR EXISTS (SELECT 1 FROM posts vp WHERE vp.id = ${n}.post_id AND ${visiblePostSql('vp', reader)}))
    AND (${n}.organization_id IS NULL OR ${visibleOrganizationSql(`${n}.organization_id`)})))`;
}

/**
 * visibleActorSql, or, given `hidden` (a relation of one column `uid`: relation-filters'
 * hiddenCommentersSql, the same people: blocked either way, muted by the reader, suspended), not
 * one of them: a page finds them once instead of once per actor.
 */
function actorShownSql(actor: string, reader: string, hidden?: string): string {
  return hidden ? `${actor} NOT IN (SELECT hz.uid FROM ${hidden} hz)` : visibleActorSql(actor, reader);
}

/** A page of notifications with the people and posts its rows show (each once), for the request's loaders. */
export interface NotificationPage extends Page<Notification> {
  /**
   * The rows' newest actors (`actorUids`) and their posts' authors, as the user loader would give
   * them: the list shows only actors the reader may see, and posts whose author they may see.
   */
  users: User[];
  /** The rows' posts, as the post loader would give them (the list shows a post's notification only while its post is visible). */
  posts: Post[];
}

/** The request's loaders a page of notifications fills (modules/graphql-context.ts has them all). */
export interface NotificationPageLoaders {
  user: DataLoader<string, User | null>;
  post: DataLoader<string, Post | null>;
}

/** Hands a page's people and posts to the request's loaders: `actors`, `post` and its `author` then cost no statement. */
export function primeNotificationPage(loaders: NotificationPageLoaders, page: NotificationPage): NotificationPage {
  for (const user of page.users) loaders.user.prime(user.id, user);
  for (const post of page.posts) loaders.post.prime(post.id, post);
  return page;
}

interface PageReaders {
  actors: Array<{ prefix: string; rows: EntityRowReader<User> }>;
  /** The post's author (a post card's byline). */
  author: EntityRowReader<User>;
  post: EntityRowReader<Post>;
}

/**
 * The viewer's unread count: exactly what the list shows, counted (shownSql), in one prepared
 * statement. A count kept by triggers was tried in issue 30 and left out: recounting each
 * recipient on every like, comment and follow doubled to tripled their database time at campus scale.
 */
const UNREAD_COUNT = new PreparedStatement(
  'unread notification count',
  `WITH ${HIDDEN_COMMENTERS} AS MATERIALIZED (${hiddenCommentersSql('$1::text')})
   SELECT count(*)::int AS count FROM notifications n
    WHERE n.recipient_uid = $1::text AND n.read_at IS NULL AND ${shownSql('n', '$1::text', HIDDEN_COMMENTERS)}`,
  PlanChoice.ONCE,
);

const pageStatements = new Map<string, PreparedStatement>();

/**
 * One page of `want` rows (the page and one more), first or next: its own text per size, with the
 * LIMIT written in, so PostgreSQL keeps one generic plan for it (issue 30, item 1). $1 the reader,
 * then the keyset position. The page is picked first (shownSql on each candidate, newest first),
 * then each row's newest visible actors, their users rows and its post are joined.
 */
function pageStatement(readers: PageReaders, want: number, next: boolean): PreparedStatement {
  const key = `${want}${next ? ' next' : ''}`;
  let statement = pageStatements.get(key);
  if (statement) return statement;
  const after = next ? 'AND (n.created_at, n.id) < ($2::timestamptz, $3::uuid)' : '';
  const actorJoins = readers.actors
    .map(({ prefix }, index) => `LEFT JOIN users ${prefix} ON ${prefix}.firebase_uid = a.uids[${index + 1}]`)
    .join('\n');
  statement = new PreparedStatement(
    `notifications page of ${want - 1}${next ? ', next' : ''}`,
    `WITH ${HIDDEN_COMMENTERS} AS MATERIALIZED (${hiddenCommentersSql('$1::text')}),
     page AS MATERIALIZED (
       SELECT n.id, n.kind, n.post_id, n.comment_id, n.organization_id, n.text, n.created_at, n.read_at
         FROM notifications n
        WHERE n.recipient_uid = $1::text ${after} AND ${shownSql('n', '$1::text', HIDDEN_COMMENTERS)}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${want}
     )
     SELECT n.id, n.kind, n.post_id, n.comment_id, n.organization_id, n.text, n.created_at, n.read_at IS NOT NULL AS read,
            a.uids AS actor_uids, a.count AS actor_count,
            ${readers.actors.map(({ rows }) => rows.selectList).join(', ')},
            ${readers.post.selectList}, ${readers.author.selectList},
            ${visibleCommentCountSql('p', HIDDEN_COMMENTERS)} AS visible_comment_count
       FROM page n
       LEFT JOIN LATERAL (
         SELECT (array_agg(na.actor_uid ORDER BY na.created_at DESC, na.actor_uid))[1:${ACTORS_SHOWN}] AS uids, count(*)::int AS count
           FROM notification_actors na
          WHERE na.notification_id = n.id AND ${actorShownSql('na.actor_uid', '$1::text', HIDDEN_COMMENTERS)}
       ) a ON n.kind <> 'moderation'
       ${actorJoins}
       LEFT JOIN posts p ON p.id = n.post_id
       LEFT JOIN users pa ON pa.firebase_uid = p.author_uid
      ORDER BY n.created_at DESC, n.id DESC`,
    PlanChoice.ONCE,
  );
  pageStatements.set(key, statement);
  return statement;
}

/**
 * Writes notifications inside the transaction of the act that causes them (a like, a comment, a
 * follow...), so both exist or neither; a failure here fails the act. It notes whose unread count
 * changed, and `NotificationService.withNotifications` tells them once the transaction commits.
 */
export class NotificationWriter {
  constructor(
    readonly tx: EntityManager,
    private readonly changed: Set<string>,
  ) {}

  /** A like on a post: joins the post's unread group of likes, or starts one. */
  async liked(actorUid: string, postId: string): Promise<void> {
    await this.grouped(
      'like',
      `SELECT p.author_uid AS uid, p.id AS post_id FROM posts p WHERE p.id = $1 AND ${mayNotifySql('p.author_uid', '$2', 'likes')}`,
      "(recipient_uid, post_id) WHERE kind = 'like' AND read_at IS NULL",
      [postId, actorUid],
    );
  }

  /** An unlike takes that person out of the post's groups of likes; a group left empty goes. */
  async unliked(actorUid: string, postId: string): Promise<void> {
    await this.removeActor(actorUid, `n.kind = 'like' AND n.post_id = $2`, postId);
  }

  /** A new follower: joins the recipient's unread group of followers, or starts one. */
  async followed(actorUid: string, followeeUid: string): Promise<void> {
    await this.grouped(
      'follow',
      `SELECT $1::text AS uid, NULL::uuid AS post_id WHERE ${mayNotifySql('$1::text', '$2::text', 'follows')}`,
      "(recipient_uid) WHERE kind = 'follow' AND read_at IS NULL",
      [followeeUid, actorUid],
    );
  }

  async unfollowed(actorUid: string, followeeUid: string): Promise<void> {
    await this.removeActor(actorUid, `n.kind = 'follow' AND n.recipient_uid = $2`, followeeUid);
  }

  /** A comment: one notification for the post's author, with the comment's first characters. */
  async commented(actorUid: string, commentId: string): Promise<void> {
    await this.single(
      `SELECT p.author_uid AS uid, 'comment' AS kind, p.id AS post_id, c.id AS comment_id, left(c.text, ${EXCERPT_CHARS}) AS text
         FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = $1 AND c.author_uid = $2 AND ${mayNotifySql('p.author_uid', '$2', 'comments')}`,
      [commentId, actorUid],
    );
  }

  /**
   * Mentions in a caption (`commentId` null) or a comment: one notification per student, once (a
   * second call for the same caption or comment adds nothing), and none for the post's author when
   * the comment already notified them of itself.
   */
  async mentioned(actorUid: string, recipientUids: readonly string[], postId: string, commentId: string | null): Promise<void> {
    const recipients = [...new Set(recipientUids)].filter((uid) => notificationPolicy.can({ uid: actorUid }, 'notify', uid));
    if (!recipients.length || !isUuid(postId) || (commentId !== null && !isUuid(commentId))) return;
    await this.single(
      `SELECT u.firebase_uid AS uid, 'mention' AS kind, p.id AS post_id, c.id AS comment_id, left(c.text, ${EXCERPT_CHARS}) AS text
         FROM users u
         JOIN posts p ON p.id = $3
         LEFT JOIN comments c ON c.id = $4::uuid AND c.post_id = p.id
        WHERE u.firebase_uid = ANY($1::text[]) AND ($4::uuid IS NULL OR c.id IS NOT NULL)
          AND ${mayNotifySql('u.firebase_uid', '$2', 'mentions')}
          AND NOT EXISTS (SELECT 1 FROM notifications cn WHERE cn.kind = 'comment' AND cn.comment_id = $4::uuid AND cn.recipient_uid = u.firebase_uid)`,
      [recipients, actorUid, postId, commentId],
    );
  }

  /** A comment deleted (by anyone, for any reason): its notifications go, comment and mentions alike. */
  async commentRemoved(commentId: string): Promise<void> {
    if (!isUuid(commentId)) return;
    // (As a SELECT over the DELETE: TypeORM answers a bare DELETE with [rows, count], not rows.)
    const rows: Array<{ recipient_uid: string }> = await this.tx.query(
      'WITH gone AS (DELETE FROM notifications WHERE comment_id = $1 RETURNING recipient_uid) SELECT recipient_uid FROM gone',
      [commentId],
    );
    this.note(rows);
  }

  /**
   * Posts about to be deleted in this transaction (their notifications go with them, by cascade):
   * whoever has an unread one about them hears their new count.
   */
  async postsRemoved(postIds: readonly string[]): Promise<void> {
    const ids = postIds.filter(isUuid);
    if (!ids.length) return;
    this.note(
      await this.tx.query(`SELECT DISTINCT recipient_uid FROM notifications WHERE post_id = ANY($1::uuid[]) AND read_at IS NULL`, [ids]),
    );
  }

  /**
   * An account about to be deleted in this transaction: whoever has an unread notification it
   * acted in, or about one of its posts, hears their new count (the cascade takes its part).
   */
  async accountRemoved(uid: string): Promise<void> {
    this.note(
      await this.tx.query(
        `SELECT n.recipient_uid FROM notification_actors na JOIN notifications n ON n.id = na.notification_id
          WHERE na.actor_uid = $1 AND n.read_at IS NULL AND n.recipient_uid <> $1
         UNION
         SELECT n.recipient_uid FROM posts p JOIN notifications n ON n.post_id = p.id
          WHERE p.author_uid = $1 AND n.read_at IS NULL AND n.recipient_uid <> $1`,
        [uid],
      ),
    );
  }

  /**
   * A request to join an organization: joins each officer's (and the owner's) unread group of
   * requests for it, or starts one. Officers who blocked the requester, or muted them, are not told.
   */
  async joinRequested(actorUid: string, organizationId: string): Promise<void> {
    if (!isUuid(organizationId)) return;
    const rows: Array<{ recipient_uid: string }> = await this.tx.query(
      `WITH grp AS (
         INSERT INTO notifications (recipient_uid, kind, organization_id)
         SELECT m.user_uid, 'join_request', m.organization_id FROM organization_members m
          WHERE m.organization_id = $1 AND m.role IN ('owner', 'officer') AND ${mayNotifySql('m.user_uid', '$2::text', null)}
         ON CONFLICT (recipient_uid, organization_id) WHERE kind = 'join_request' AND read_at IS NULL
           DO UPDATE SET created_at = greatest(notifications.created_at, EXCLUDED.created_at)
         RETURNING id, recipient_uid
       ),
       actor AS (
         INSERT INTO notification_actors (notification_id, actor_uid)
         SELECT id, $2 FROM grp
         ON CONFLICT (notification_id, actor_uid) DO UPDATE SET created_at = EXCLUDED.created_at
       )
       SELECT recipient_uid FROM grp`,
      [organizationId, actorUid],
    );
    this.note(rows);
  }

  /** A request withdrawn or answered: the requester leaves the officers' groups of requests (a group left empty goes). */
  async joinRequestClosed(requesterUid: string, organizationId: string): Promise<void> {
    if (!isUuid(organizationId)) return;
    await this.removeActor(requesterUid, `n.kind = 'join_request' AND n.organization_id = $2::uuid`, organizationId);
  }

  /** The requester is told the outcome; the officer who answered is its actor. */
  async joinAnswered(actorUid: string, requesterUid: string, organizationId: string, approved: boolean): Promise<void> {
    if (!isUuid(organizationId)) return;
    await this.single(
      `SELECT $1::text AS uid, $4::text AS kind, NULL::uuid AS post_id, NULL::uuid AS comment_id, NULL::text AS text, $3::uuid AS organization_id
        WHERE $1::text <> $2::text AND ${notBlockedSql('$2::text', '$1::text')}`,
      [requesterUid, actorUid, organizationId, approved ? 'join_approved' : 'join_declined'],
      true,
    );
  }

  /**
   * A new event posted as an organization: each of its members is told once (not its author,
   * nobody either blocked or who muted the author, nobody who turned organization events off).
   * Shown once the post is ready, as a caption's mentions are.
   */
  async organizationEvent(actorUid: string, postId: string, organizationId: string): Promise<void> {
    if (!isUuid(postId) || !isUuid(organizationId)) return;
    await this.single(
      `SELECT m.user_uid AS uid, 'organization_event' AS kind, $1::uuid AS post_id, NULL::uuid AS comment_id, NULL::text AS text,
              m.organization_id AS organization_id
         FROM organization_members m
        WHERE m.organization_id = $3::uuid AND ${mayNotifySql('m.user_uid', '$2::text', 'organizationEvents')}`,
      [postId, actorUid, organizationId],
      true,
    );
  }

  /** A moderator's decision about the student's content or account, in the moderators' words. No actor: moderators stay unnamed. */
  async moderation(recipientUid: string, message: string): Promise<void> {
    const rows: Array<{ recipient_uid: string }> = await this.tx.query(
      `INSERT INTO notifications (recipient_uid, kind, text)
       SELECT $1, 'moderation', left($2, 2000)
        WHERE NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_uid = $1 AND NOT ns.moderation)
       RETURNING recipient_uid`,
      [recipientUid, message],
    );
    this.note(rows);
  }

  /** Upserts the unread group `target` names ($1, $2: the statement's own; $2 is the actor) and adds the actor, newest. */
  private async grouped(kind: 'like' | 'follow', target: string, openGroup: string, parameters: unknown[]): Promise<void> {
    const rows: Array<{ recipient_uid: string }> = await this.tx.query(
      `WITH target AS (${target}),
       grp AS (
         INSERT INTO notifications (recipient_uid, kind, post_id)
         SELECT uid, '${kind}', post_id FROM target
         ON CONFLICT ${openGroup} DO UPDATE SET created_at = greatest(notifications.created_at, EXCLUDED.created_at)
         RETURNING id, recipient_uid
       ),
       actor AS (
         INSERT INTO notification_actors (notification_id, actor_uid)
         SELECT id, $2 FROM grp
         ON CONFLICT (notification_id, actor_uid) DO UPDATE SET created_at = EXCLUDED.created_at
       )
       SELECT recipient_uid FROM grp`,
      parameters,
    );
    this.note(rows);
  }

  /**
   * Inserts the one-person notifications `source` selects (uid, kind, post_id, comment_id, text,
   * and organization_id for an organization's) with their actor $2.
   */
  private async single(source: string, parameters: unknown[], organization = false): Promise<void> {
    const rows: Array<{ recipient_uid: string }> = await this.tx.query(
      `WITH note AS (
         INSERT INTO notifications (recipient_uid, kind, post_id, comment_id, text${organization ? ', organization_id' : ''})
         ${source}
         ON CONFLICT DO NOTHING
         RETURNING id, recipient_uid
       ),
       actor AS (INSERT INTO notification_actors (notification_id, actor_uid) SELECT id, $2 FROM note)
       SELECT recipient_uid FROM note`,
      parameters,
    );
    this.note(rows);
  }

  /**
   * Takes `actorUid` out of the groups `where` selects ($2 its parameter); a group left with nobody
   * goes, the others take the time of their newest remaining event.
   */
  private async removeActor(actorUid: string, where: string, parameter: string): Promise<void> {
    const removed: Array<{ id: string; recipient_uid: string }> = await this.tx.query(
      `WITH gone AS (
         DELETE FROM notification_actors na USING notifications n
          WHERE na.notification_id = n.id AND na.actor_uid = $1 AND ${where}
         RETURNING n.id, n.recipient_uid
       )
       SELECT id, recipient_uid FROM gone`,
      [actorUid, parameter],
    );
    if (!removed.length) return;
    await this.tx.query(
      `WITH emptied AS (
         DELETE FROM notifications n WHERE n.id = ANY($1::uuid[])
            AND NOT EXISTS (SELECT 1 FROM notification_actors na WHERE na.notification_id = n.id)
       )
       UPDATE notifications n SET created_at = (SELECT max(na.created_at) FROM notification_actors na WHERE na.notification_id = n.id)
        WHERE n.id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM notification_actors na WHERE na.notification_id = n.id)`,
      [removed.map((row) => row.id)],
    );
    this.note(removed);
  }

  private note(rows: Array<{ recipient_uid: string }>): void {
    for (const row of rows) this.changed.add(row.recipient_uid);
  }
}

/**
 * Notifications: what happened to a student's posts and account (likes, comments, mentions, new
 * followers, moderators' decisions), grouped and filtered as modules/notifications explains, their
 * read state, unread count and settings. Writes happen through a NotificationWriter in the
 * transaction of the act that causes them.
 */
export class NotificationService {
  constructor(
    private readonly db: DataSource,
    private readonly events: NotificationEvents,
  ) {}

  /**
   * Runs `work` in one transaction with a writer for notifications; once it commits, everyone
   * whose unread count may have changed hears of it. Any error rolls the whole act back and is
   * thrown on: a notification that cannot be written fails the like, comment or follow with it.
   */
  async withNotifications<T>(work: (tx: EntityManager, notify: NotificationWriter) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await this.db.transaction((tx) => work(tx, new NotificationWriter(tx, changed)));
    for (const uid of changed) this.events.countChanged(uid);
    return result;
  }

  /**
   * Tells the students in `recipientUids` that `actor` mentioned them in a post's caption
   * (`commentId` null) or in one of its comments. Once each; never oneself, nor anyone either
   * blocked, who muted the actor or who turned mentions off. In its own transaction; a caller
   * that writes the caption or comment passes its own writer (`within`) to share that one.
   */
  async notifyMentions(
    actor: Pick<Viewer, 'uid'>,
    recipientUids: readonly string[],
    postId: string,
    commentId: string | null,
    within?: NotificationWriter,
  ): Promise<void> {
    if (within) return within.mentioned(actor.uid, recipientUids, postId, commentId);
    await this.withNotifications((_tx, notify) => notify.mentioned(actor.uid, recipientUids, postId, commentId));
  }

  /**
   * These students' unread counts may have changed without a notification being written or
   * removed (a block or mute changes which ones they are shown): their live badges read it again.
   */
  recount(uids: readonly string[]): void {
    for (const uid of new Set(uids)) this.events.countChanged(uid);
  }

  /**
   * The viewer's notifications, newest first (by their newest event), with what a row shows (its
   * newest actors, its post): one prepared statement per page, whose `actors` and `post` the
   * resolver hands to the request's loaders (`primeNotificationPage`), so they cost no statement.
   */
  async list(viewer: Viewer, page: PageRequest): Promise<NotificationPage> {
    authorize(notificationPolicy, viewer, 'readOwn', viewer.uid);
    const values: unknown[] = [viewer.uid];
    if (page.after) values.push(page.after.createdAt, isUuid(page.after.id) ? page.after.id : '00000000-0000-0000-0000-000000000000');
    const readers = this.pageReaders();
    // A rounded-up shape may bring more rows than the page and one more: the rest are not shown.
    const rows = (await runPrepared(this.db, pageStatement(readers, pageShape(page.size) + 1, page.after !== null), values)).slice(
      0,
      page.size + 1,
    );
    const users = new Map<string, User>();
    const posts = new Map<string, Post>();
    const items = rows.map((row): Notification => {
      for (const reader of readers.actors) {
        const actor = row[`${reader.prefix}_firebase_uid`] === null ? null : reader.rows.read(row);
        if (actor && !users.has(actor.id)) users.set(actor.id, actor);
      }
      if (row.p_id !== null && !posts.has(row.p_id as string)) {
        posts.set(row.p_id as string, Object.assign(readers.post.read(row), { commentCount: Number(row.visible_comment_count) }));
        const author = readers.author.read(row);
        if (!users.has(author.id)) users.set(author.id, author);
      }
      return {
        id: row.id as string,
        kind: row.kind as Notification['kind'],
        postId: row.post_id as string | null,
        commentId: row.comment_id as string | null,
        organizationId: row.organization_id as string | null,
        text: row.text as string | null,
        createdAt: row.created_at as Date,
        read: row.read as boolean,
        actorUids: (row.actor_uids as string[] | null) ?? [],
        actorCount: (row.actor_count as number | null) ?? 0,
      };
    });
    return { ...toPage(items, page.size), users: [...users.values()], posts: [...posts.values()] };
  }

  private readers: PageReaders | null = null;

  /** Built on first use: the entities' metadata is there once the data source is initialised. */
  private pageReaders(): PageReaders {
    this.readers ??= {
      actors: Array.from({ length: ACTORS_SHOWN }, (_, index) => {
        const prefix = `a${index + 1}`;
        return { prefix, rows: entityRowReader(this.db, User, prefix) };
      }),
      author: entityRowReader(this.db, User, 'pa'),
      post: entityRowReader(this.db, Post, 'p'),
    };
    return this.readers;
  }

  /** How many of the viewer's notifications are unread, counting only those the list shows (UNREAD_COUNT). */
  async unreadCount(viewer: Pick<Viewer, 'uid'>): Promise<number> {
    authorize(notificationPolicy, viewer, 'readOwn', viewer.uid);
    const [row] = await runPrepared<{ count: number }>(this.db, UNREAD_COUNT, [viewer.uid]);
    return row!.count;
  }

  /** Marks every notification of the viewer's read; later likes and followers start new groups. */
  async markAllRead(viewer: Viewer): Promise<boolean> {
    authorize(notificationPolicy, viewer, 'readOwn', viewer.uid);
    const [row]: Array<{ count: number }> = await this.db.query(
      `WITH done AS (UPDATE notifications SET read_at = now() WHERE recipient_uid = $1 AND read_at IS NULL RETURNING 1)
       SELECT count(*)::int AS count FROM done`,
      [viewer.uid],
    );
    if (row!.count > 0) this.events.countChanged(viewer.uid);
    return true;
  }

  async settings(viewer: Viewer): Promise<NotificationSettings> {
    authorize(notificationPolicy, viewer, 'readOwn', viewer.uid);
    const [row]: NotificationSettings[] = await this.db.query(`SELECT ${SETTINGS_SELECT} FROM notification_settings WHERE user_uid = $1`, [
      viewer.uid,
    ]);
    return row ?? { likes: true, comments: true, mentions: true, follows: true, moderation: true, organizationEvents: true };
  }

  /** Turns kinds on or off (those not named stay as they are). Off: nothing of that kind is written from now on. */
  async updateSettings(viewer: Viewer, input: NotificationSettingsInput): Promise<NotificationSettings> {
    authorize(notificationPolicy, viewer, 'readOwn', viewer.uid);
    const values = SETTINGS.map((name) => (typeof input[name] === 'boolean' ? input[name] : null));
    const [row]: NotificationSettings[] = await this.db.query(
      `INSERT INTO notification_settings (user_uid, ${SETTINGS.map((name) => SETTING_COLUMNS[name]).join(', ')})
       VALUES ($1, ${SETTINGS.map((_, index) => `coalesce($${index + 2}::boolean, true)`).join(', ')})
       ON CONFLICT (user_uid) DO UPDATE SET
         ${SETTINGS.map((name, index) => `${SETTING_COLUMNS[name]} = coalesce($${index + 2}::boolean, notification_settings.${SETTING_COLUMNS[name]})`).join(', ')}
       RETURNING ${SETTINGS_SELECT}`,
      [viewer.uid, ...values],
    );
    return row!;
  }
}
