import { checkCommentForm } from '@campus-clips/rules';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { notBlockedSql, notMutedSql, notSuspendedSql } from '../../infra/db/relation-filters';
import type { Viewer } from '../../shared/viewer';
import { withConstraintMessages } from '../../infra/db/errors';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';
import { toPage, type Page, type PageRequest } from '../../shared/paging';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { authorize } from '../../shared/policy';
import type { MentionService } from '../mentions';
import type { NotificationService, NotificationWriter } from '../notifications';
import { isUuid, postNotFound, publicPostStateSql, visiblePostSql } from '../posts';
import { User, type UserService } from '../users';
import { Comment } from './comment.entity';
import type { CommentEvents, LivePost } from './comment-events';
import { commentPolicy } from './comment.policy';

export class CommentService {
  private readonly comments: Repository<Comment>;
  private readonly commentRows: EntityRowReader<Comment>;
  private readonly authorRows: EntityRowReader<User>;

  constructor(
    private readonly db: DataSource,
    private readonly users: UserService,
    private readonly events: CommentEvents,
    private readonly notifications: NotificationService,
    private readonly mentions: MentionService,
  ) {
    this.comments = db.getRepository(Comment);
    this.commentRows = entityRowReader(db, Comment, 'c');
    this.authorRows = entityRowReader(db, User, 'u');
  }

  /**
   * `mentionIds`: the students the text mentions (mentions/: at most 10; anyone unknown, oneself,
   * blocked either way or whose '@Name' is not in the text is left out silently).
   */
  async add(viewer: Viewer, postId: string, text: string, mentionIds: readonly string[] = []): Promise<Comment> {
    authorize(commentPolicy, viewer, 'create', { id: postId });
    // The comment box's own check (@campus-clips/rules), as the box runs it.
    const form = checkCommentForm({ text, mentions: mentionIds });
    if (!form.ok) throw new ValidationError(form.problems);
    const { text: clean, mentions: wanted } = form.value;
    if (!isUuid(postId)) throw postNotFound();
    const mentions = await this.mentions.place(viewer, wanted, clean);
    // Only on a post the viewer may see (posts/post-visibility.ts), checked in the same statement;
    // the post's author and the mentioned students are notified in the same transaction (the
    // author first: an author told of the comment is not told again of a mention in it).
    // The post's author and state come back with it: each live subscriber's delivery is decided by them.
    const inserted: Array<{ id: string } & LivePost> = await withConstraintMessages(
      () =>
        this.notifications.withNotifications(async (tx, notify) => {
          const rows: Array<{ id: string } & LivePost> = await tx.query(
            `WITH target AS (
               SELECT p.id, p.author_uid, ${publicPostStateSql('p')} AS public FROM posts p WHERE p.id = $1 AND ${visiblePostSql('p', '$2')}
             ), inserted AS (
               INSERT INTO comments (post_id, author_uid, text, mentions) SELECT id, $2, $3, $4::jsonb FROM target RETURNING id
             )
             SELECT inserted.id, target.author_uid AS "authorUid", target.public FROM inserted, target`,
            [postId, viewer.uid, clean, JSON.stringify(mentions)],
          );
          if (!rows.length) return rows;
          await notify.commented(viewer.uid, rows[0]!.id);
          if (mentions.length) {
            await this.notifications.notifyMentions(
              viewer,
              mentions.map((mention) => mention.uid),
              postId,
              rows[0]!.id,
              notify,
            );
          }
          return rows;
        }),
      { comments_post_id_fkey: postNotFound },
    );
    if (!inserted.length) throw postNotFound();
    // Gone already only if the post was deleted (with its comments) in between.
    const comment = await this.comments.findOneBy({ id: inserted[0]!.id });
    if (!comment) throw postNotFound();
    // The author travels with the event: otherwise every live subscriber would look it up
    // (1,000 subscribers, 1,000 queries for one comment).
    const [author] = await this.users.byIds([comment.authorUid]);
    const { authorUid, public: isPublic } = inserted[0]!;
    this.events.commentAdded({ ...comment, author: author ?? null, post: { authorUid, public: isPublic } });
    comment.postAuthorUid = authorUid;
    return comment;
  }

  /** Removes a comment if comments' policy allows it (its author, or the post's). */
  async delete(viewer: Viewer, id: string): Promise<boolean> {
    // The comment with its post's author in one statement: the policy judges both.
    const [comment]: Array<{ id: string; author_uid: string; post_author_uid: string }> = isUuid(id)
      ? await this.db.query(
          'SELECT c.id, c.author_uid, p.author_uid AS post_author_uid FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = $1',
          [id],
        )
      : [];
    if (!comment) throw new NotFoundError('Comment not found');
    authorize(commentPolicy, viewer, 'delete', { authorUid: comment.author_uid, postAuthorUid: comment.post_author_uid });
    await this.notifications.withNotifications((_tx, notify) => this.deleteWithin(notify, comment.id));
    return true;
  }

  /**
   * A comment's deletion, within the transaction of `notify` (its author's, or a moderator's
   * decision): its notifications (the post author's, any mentions) go with it, and their readers
   * hear of it once the transaction commits.
   */
  async deleteWithin(notify: NotificationWriter, commentId: string): Promise<void> {
    // Locks in the order adding a comment takes them: the post's row (its comment counter) before
    // the notification counts (whose triggers lock the readers' rows); the other way round, a
    // deletion and an addition on one post deadlocked under load (test/api/counters.test.ts).
    await notify.tx.query('SELECT 1 FROM posts p JOIN comments c ON c.post_id = p.id WHERE c.id = $1 FOR NO KEY UPDATE OF p', [commentId]);
    await notify.commentRemoved(commentId);
    await notify.tx.query('DELETE FROM comments WHERE id = $1', [commentId]);
  }

  /** Oldest first, as a conversation reads; with their authors, in one statement. */
  async forPost(postId: string, page: PageRequest, viewer: Viewer | null = null): Promise<CommentPage> {
    if (!isUuid(postId)) return { items: [], hasNextPage: false, authors: [] };
    const builder = this.withAuthors().where('c.post_id = :postId', { postId });
    hideFromViewer(builder, viewer);
    if (page.after) {
      builder.andWhere('(c.created_at, c.id) > (:afterCreatedAt, :afterId)', {
        afterCreatedAt: page.after.createdAt,
        afterId: page.after.id,
      });
    }
    const rows = await builder
      .orderBy('c.created_at', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(page.size + 1)
      .getRawMany<Record<string, unknown>>();
    const { comments, authors } = this.readWithAuthors(rows);
    return { ...toPage(comments, page.size), authors };
  }

  /**
   * Every comment of these posts, oldest first, with their authors, in one statement (the REST
   * adapter's embedded `comments`).
   */
  async forPosts(postIds: readonly string[], viewer: Viewer | null = null): Promise<CommentsOfPosts> {
    const byPost = new Map<string, Comment[]>(postIds.map((id) => [id, []]));
    const valid = postIds.filter(isUuid);
    if (!valid.length) return { byPost, authors: [] };
    const builder = this.withAuthors().where('c.post_id IN (:...ids)', { ids: valid });
    hideFromViewer(builder, viewer);
    const rows = await builder.orderBy('c.created_at', 'ASC').addOrderBy('c.id', 'ASC').getRawMany<Record<string, unknown>>();
    const { comments, authors } = this.readWithAuthors(rows);
    for (const comment of comments) byPost.get(comment.postId)?.push(comment);
    return { byPost, authors };
  }

  /** Comments joined to their authors' rows: the thread's names and pictures need no second statement. */
  private withAuthors(): SelectQueryBuilder<Comment> {
    return this.comments
      .createQueryBuilder('c')
      .select(`${this.commentRows.selectList}, ${this.authorRows.selectList}`)
      .innerJoin(User, 'u', 'u.firebase_uid = c.author_uid');
  }

  private readWithAuthors(rows: readonly Record<string, unknown>[]): { comments: Comment[]; authors: User[] } {
    const authors = new Map<string, User>();
    const comments = rows.map((row) => {
      const comment = this.commentRows.read(row);
      if (!authors.has(comment.authorUid)) authors.set(comment.authorUid, this.authorRows.read(row));
      return comment;
    });
    return { comments, authors: [...authors.values()] };
  }
}

/** A page of a thread and the people who wrote it (for the request's user loader). */
export type CommentPage = Page<Comment> & { authors: User[] };

/** The comments of some posts by post, and the people who wrote them. */
export interface CommentsOfPosts {
  byPost: Map<string, Comment[]>;
  authors: User[];
}

/**
 * A thread without the comments of anyone suspended, or blocked either way or muted by the viewer:
 * the people relation-filters' `hiddenCommentersSql` lists, whose comments `Post.commentCount`
 * leaves out (posts/post-visibility.ts). Change both together.
 */
function hideFromViewer(builder: SelectQueryBuilder<Comment>, viewer: Viewer | null): void {
  builder.andWhere(notSuspendedSql('c.author_uid'));
  if (!viewer) return;
  builder
    .andWhere(notBlockedSql('c.author_uid', ':threadViewer'), { threadViewer: viewer.uid })
    .andWhere(notMutedSql('c.author_uid', ':threadViewer'));
}
