import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { keysetDesc } from '../../db/keyset';
import { withConstraintMessages } from '../../db/errors';
import type { MediaService } from '../../media/media-service';
import { toPage, type Page } from '../../shared/cursor';
import { NotFoundError } from '../../shared/errors';
import type { PageRequest } from '../../shared/page-request';
import { assertOwns, requireViewer } from '../../shared/policies';
import type { RateLimiter } from '../../shared/rate-limiter';
import { FieldProblems, MESSAGES, checkCaption, checkTags } from '../../shared/validation';
import { Post } from './post.entity';

export interface CreatePostInput {
  videoUrl?: string | null;
  caption?: string | null;
  /** A list, or one comma-separated string as the spec's REST call sends it. */
  tags?: string[] | string | null;
}

export class PostService {
  readonly posts: Repository<Post>;

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly limits: RateLimiter,
  ) {
    this.posts = db.getRepository(Post);
  }

  async byIds(ids: readonly string[]): Promise<Post[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    return this.posts.createQueryBuilder('p').where('p.id IN (:...ids)', { ids: valid }).getMany();
  }

  async get(id: string): Promise<Post> {
    const post = isUuid(id) ? await this.posts.findOneBy({ id }) : null;
    if (!post) throw new NotFoundError('Post not found');
    return post;
  }

  async create(viewerOrNull: Viewer | null, input: CreatePostInput): Promise<Post> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('post', viewer);
    const problems = new FieldProblems();
    const videoUrl = (input.videoUrl ?? '').trim();
    if (!videoUrl) problems.add('videoUrl', MESSAGES.videoMissing);
    const caption = checkCaption(problems, input.caption);
    const tags = checkTags(problems, input.tags);
    problems.throwIfAny();

    const video = await this.media.claimVideo(viewer.uid, videoUrl);
    const inserted = await withConstraintMessages(() =>
      this.posts.insert({
        authorUid: viewer.uid,
        videoUrl: video.videoUrl,
        posterUrl: video.posterUrl,
        duration: video.duration,
        width: video.width,
        height: video.height,
        uploadId: video.uploadId,
        caption,
        tags,
      }),
    );
    return this.get(inserted.identifiers[0]!.id as string);
  }

  /** Deletes the caller's own post, its likes and comments (cascade), then its files. */
  async delete(viewerOrNull: Viewer | null, id: string): Promise<boolean> {
    const viewer = requireViewer(viewerOrNull);
    const post = await this.get(id);
    assertOwns(viewer, post.authorUid, 'You can only delete your own posts.');
    await this.posts.delete({ id: post.id });
    await this.media.deleteMedia([post.videoUrl, post.posterUrl].filter((url): url is string => !!url));
    return true;
  }

  async byAuthor(uid: string, page: PageRequest): Promise<Page<Post>> {
    const builder = this.posts.createQueryBuilder('p').where('p.authorUid = :uid', { uid });
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }

  async byTag(tag: string, page: PageRequest): Promise<Page<Post>> {
    const normalised = tag.trim().replace(/^#+/, '').toLowerCase();
    const builder = this.posts.createQueryBuilder('p').where('p.tags @> ARRAY[:tag]::text[]', { tag: normalised });
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }

  /** Uids of the people who liked each post (the REST adapter's `likes` list). */
  async likerUids(postIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(postIds.map((id) => [id, []]));
    if (!postIds.length) return result;
    const rows: Array<{ post_id: string; user_uid: string }> = await this.db.query(
      'SELECT post_id, user_uid FROM likes WHERE post_id = ANY($1::uuid[]) ORDER BY created_at',
      [postIds],
    );
    for (const row of rows) result.get(row.post_id)?.push(row.user_uid);
    return result;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
