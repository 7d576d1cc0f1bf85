import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { keysetDesc, toPage, type Page, type PageRequest } from '../../shared/paging';
import { withConstraintMessages } from '../../infra/db/errors';
import { notMutedSql } from '../../infra/db/relation-filters';
import type { MediaService } from '../uploads';
import { checkMentionIds, type MentionService } from '../mentions';
import { NotFoundError } from '../../shared/errors';
import { authorize } from '../../shared/policy';
import { FieldProblems, MESSAGES, checkCaption } from '../../shared/validation';
import { Post } from './post.entity';
import { checkTags, normaliseTag } from './post-tags';
import { postPolicy } from './post.policy';
import { PostStatus } from './post-media';
import { visibilityParameters, visiblePostSql } from './post-visibility';

export interface CreatePostInput {
  videoUrl?: string | null;
  caption?: string | null;
  tags?: string[] | null;
  /** The ids of the students the caption mentions (mentions/: at most 10; the others are left out silently). */
  mentions?: string[] | null;
}

/**
 * What happens to a new post's video after the post is stored: the video-processing module queues
 * its transcoding, within the transaction that creates the post (so neither exists without the other).
 */
export interface VideoPipeline {
  enqueue(transaction: EntityManager, post: { id: string; uploadId: string | null }): Promise<void>;
}

/**
 * How the students a new caption mentions are told, in the transaction that stores the post:
 * notifications provides it (it depends on posts, so posts cannot import it) and services.ts wires it.
 * A mention in a post that is still processing shows once the post is ready (notifications' rule).
 */
export interface CaptionMentionNotifier {
  /** Runs `work` in one transaction; `notify` writes the mentions' notifications within it, heard once it commits. */
  transaction<T>(
    work: (tx: EntityManager, notify: (actorUid: string, uids: string[], postId: string) => Promise<void>) => Promise<T>,
  ): Promise<T>;
}

export class PostService {
  readonly posts: Repository<Post>;

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly pipeline: VideoPipeline,
    private readonly mentions: MentionService,
    private readonly mentionNotifier: CaptionMentionNotifier,
  ) {
    this.posts = db.getRepository(Post);
  }

  /** These posts, those the viewer may see (post-visibility.ts). */
  async byIds(ids: readonly string[], viewer: Viewer | null): Promise<Post[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    return this.posts
      .createQueryBuilder('p')
      .where('p.id IN (:...ids)', { ids: valid })
      .andWhere(visiblePostSql('p'), visibilityParameters(viewer))
      .getMany();
  }

  /** A post whatever its state: for the api's own bookkeeping, not for showing. */
  async get(id: string): Promise<Post> {
    const post = isUuid(id) ? await this.posts.findOneBy({ id }) : null;
    if (!post) throw postNotFound();
    return post;
  }

  /** A post the viewer may see (post-visibility.ts); 'Post not found' for any other, as for one that is not there. */
  async getVisible(viewer: Viewer | null, id: string): Promise<Post> {
    const post = isUuid(id)
      ? await this.posts
          .createQueryBuilder('p')
          .where('p.id = :id', { id })
          .andWhere(visiblePostSql('p'), visibilityParameters(viewer))
          .getOne()
      : null;
    if (!post) throw postNotFound();
    return post;
  }

  async create(viewer: Viewer, input: CreatePostInput): Promise<Post> {
    const problems = new FieldProblems();
    const videoUrl = (input.videoUrl ?? '').trim();
    if (!videoUrl) problems.add('videoUrl', MESSAGES.videoMissing);
    const caption = checkCaption(problems, input.caption);
    const tags = checkTags(problems, input.tags);
    const mentionIds = checkMentionIds(problems, input.mentions);
    problems.throwIfAny();

    const mentions = await this.mentions.place(viewer, mentionIds, caption);
    const video = await this.media.claimVideo(viewer.uid, videoUrl);
    // Processing until its video is transcoded: only its author sees it meanwhile. The mentioned
    // students are told in the same transaction (shown to them once the post is ready).
    const id = await withConstraintMessages(() =>
      this.mentionNotifier.transaction(async (tx, notifyMentions) => {
        const inserted = await tx.getRepository(Post).insert({
          authorUid: viewer.uid,
          videoUrl: video.videoUrl,
          posterUrl: video.posterUrl,
          duration: video.duration,
          width: video.width,
          height: video.height,
          uploadId: video.uploadId,
          caption,
          tags,
          mentions,
          status: PostStatus.PROCESSING,
          processingProgress: 0,
        });
        const postId = inserted.identifiers[0]!.id as string;
        await this.pipeline.enqueue(tx, { id: postId, uploadId: video.uploadId });
        if (mentions.length)
          await notifyMentions(
            viewer.uid,
            mentions.map((mention) => mention.uid),
            postId,
          );
        return postId;
      }),
    );
    return this.get(id);
  }

  /** Deletes the caller's own post, its likes and comments (cascade), then its files. */
  async delete(viewer: Viewer, id: string): Promise<boolean> {
    const post = await this.get(id);
    authorize(postPolicy, viewer, 'delete', post);
    await this.posts.delete({ id: post.id });
    // The upload with everything made from it (original, renditions, posters); a post older than
    // upload records, by its URLs.
    if (post.uploadId) await this.media.deleteUploads([post.uploadId]);
    else await this.media.deleteMedia([post.videoUrl, post.posterUrl].filter((url): url is string => !!url));
    return true;
  }

  /** A person's posts: all of them for the person, the ready ones for everyone else. */
  async byAuthor(uid: string, page: PageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const builder = this.posts
      .createQueryBuilder('p')
      .where('p.authorUid = :uid', { uid })
      .andWhere(visiblePostSql('p'), visibilityParameters(viewer));
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }

  /** Posts with this tag in any case: /tag/goldenhour and /tag/GoldenHour are one page. */
  async byTag(tag: string, page: PageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const normalised = normaliseTag(tag);
    if (!normalised) return { items: [], hasNextPage: false };
    // Exactly the expression of the posts_tag_keys index, so the lookup uses it.
    const builder = this.posts
      .createQueryBuilder('p')
      .where('post_tag_keys(p.tags) @> ARRAY[lower(:tag)]', { tag: normalised })
      .andWhere(visiblePostSql('p'), visibilityParameters(viewer))
      // A tag page is a feed: nobody the viewer muted.
      .andWhere(notMutedSql('p.author_uid', ':visibleToUid'));
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }
}

/** The one wording of a post that is not there: here, in likes and comments, and for their references to posts. */
export function postNotFound(): NotFoundError {
  return new NotFoundError('Post not found');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
