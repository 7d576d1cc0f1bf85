import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { withConstraintMessages } from '../../db/errors';
import { toPage, type Page } from '../../shared/cursor';
import { ForbiddenError, NotFoundError } from '../../shared/errors';
import type { PageRequest } from '../../shared/page-request';
import { requireViewer } from '../../shared/policies';
import type { RateLimiter } from '../../shared/rate-limiter';
import { FieldProblems, checkCommentText } from '../../shared/validation';
import { isUuid, type PostService } from '../posts/post.service';
import type { UserService } from '../users/user.service';
import { Comment } from './comment.entity';
import type { CommentEvents } from './comment-events';

export class CommentService {
  private readonly comments: Repository<Comment>;

  constructor(
    private readonly db: DataSource,
    private readonly posts: PostService,
    private readonly users: UserService,
    private readonly events: CommentEvents,
    private readonly limits: RateLimiter,
  ) {
    this.comments = db.getRepository(Comment);
  }

  async add(viewerOrNull: Viewer | null, postId: string, text: string): Promise<Comment> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('comment', viewer);
    const problems = new FieldProblems();
    const clean = checkCommentText(problems, text);
    problems.throwIfAny();
    if (!isUuid(postId)) throw new NotFoundError('Post not found');
    const inserted = await withConstraintMessages(() =>
      this.comments.insert({ postId, authorUid: viewer.uid, text: clean }),
    );
    // Gone already only if the post was deleted (with its comments) in between.
    const comment = await this.comments.findOneBy({ id: inserted.identifiers[0]!.id as string });
    if (!comment) throw new NotFoundError('Post not found');
    // The author travels with the event: otherwise every live subscriber would look it up
    // (1,000 subscribers, 1,000 queries for one comment).
    const [author] = await this.users.byIds([comment.authorUid]);
    this.events.commentAdded({ ...comment, author: author ?? null });
    return comment;
  }

  /** A comment may be removed by its author or by the author of the post it is on. */
  async delete(viewerOrNull: Viewer | null, id: string): Promise<boolean> {
    const viewer = requireViewer(viewerOrNull);
    const comment = isUuid(id) ? await this.comments.findOneBy({ id }) : null;
    if (!comment) throw new NotFoundError('Comment not found');
    if (comment.authorUid !== viewer.uid) {
      const post = await this.posts.get(comment.postId);
      if (post.authorUid !== viewer.uid) throw new ForbiddenError('You can only delete your own comments.');
    }
    await this.comments.delete({ id: comment.id });
    return true;
  }

  /** Oldest first, as a conversation reads. */
  async forPost(postId: string, page: PageRequest): Promise<Page<Comment>> {
    if (!isUuid(postId)) return { items: [], hasNextPage: false };
    const builder = this.comments.createQueryBuilder('c').where('c.postId = :postId', { postId });
    if (page.after) {
      builder.andWhere('(c.createdAt, c.id) > (:afterCreatedAt, :afterId)', {
        afterCreatedAt: page.after.createdAt,
        afterId: page.after.id,
      });
    }
    builder.orderBy('c.createdAt', 'ASC').addOrderBy('c.id', 'ASC').limit(page.size + 1).offset(page.offset);
    return toPage(await builder.getMany(), page.size);
  }

  /** Every comment of these posts, oldest first (the REST adapter's embedded `comments`). */
  async forPosts(postIds: readonly string[]): Promise<Map<string, Comment[]>> {
    const result = new Map<string, Comment[]>(postIds.map((id) => [id, []]));
    const valid = postIds.filter(isUuid);
    if (!valid.length) return result;
    const comments = await this.comments
      .createQueryBuilder('c')
      .where('c.postId IN (:...ids)', { ids: valid })
      .orderBy('c.createdAt', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
    for (const comment of comments) result.get(comment.postId)?.push(comment);
    return result;
  }
}
