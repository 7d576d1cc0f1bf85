import { checkPostForm } from '@campus-clips/rules';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import type { PageRequest } from '../../shared/paging';
import { withConstraintMessages } from '../../infra/db/errors';
import { notMutedSql } from '../../infra/db/relation-filters';
import type { MediaService } from '../uploads';
import type { MentionService } from '../mentions';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { authorize } from '../../shared/policy';
import { FieldProblems, MESSAGES } from '../../shared/validation';
import { Post } from './post.entity';
import { normaliseTag } from './post-tags';
import { postPolicy } from './post.policy';
import { NO_EVENTS, type PostEventChecker, type PostEventFields } from './post-event';
import { NO_ORGANIZATIONS, type PostOrganizationGate } from './post-organization';
import { PlanChoice } from '../../infra/db/prepared-statements';
import { emptyPostListPage, NEWEST_FIRST, PostListQuery, type PostListPage } from './post-list-query';
import { PostStatus, type PictureSource, type VideoRendition } from './post-media';
import { hiddenCommentersRelation, visibleCommentCountSql, visiblePostSql } from './post-visibility';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';

export interface CreatePostInput {
  videoUrl?: string | null;
  caption?: string | null;
  tags?: string[] | null;
  /** The ids of the students the caption mentions (mentions/: at most 10; the others are left out silently). */
  mentions?: string[] | null;
  /** Makes it an event post (modules/events checks it, through the PostEventChecker port). */
  event?: PostEventFields | null;
  /** Post as this organization (organizations/ decides who may, through the PostOrganizationGate port). */
  organizationId?: string | null;
  /** Caption files, one per language (modules/caption-tracks reads them, through the PostCaptionTracks port). */
  captionTracks?: CaptionTrackFields[] | null;
}

/** A caption file sent with a new post: the caller's own finished caption upload, its language and label. */
export interface CaptionTrackFields {
  language: string;
  label?: string | null;
  fileUrl: string;
}

/**
 * A new post's caption files: modules/caption-tracks provides it (it depends on posts, so posts
 * cannot import it) and services.ts wires it. `prepare` reads and checks the files against the
 * clip before anything is stored (ValidationError on `captionTracks`); `store` lists them within
 * the transaction that stores the post.
 */
export interface PostCaptionTracks {
  prepare(
    viewer: Viewer,
    tracks: readonly CaptionTrackFields[],
    duration: number | null,
  ): Promise<{ store(tx: EntityManager, post: { id: string; uploadId: string }): Promise<void> }>;
}

/** Without the caption-tracks module: a post with caption files is refused rather than stored without them. */
export const NO_CAPTION_TRACKS: PostCaptionTracks = {
  async prepare(_viewer, tracks) {
    if (tracks.length) throw new ValidationError({ captionTracks: 'Captions are not available.' });
    return { store: async () => undefined };
  },
};

/**
 * What happens to a new post's video after the post is stored: the video-processing module queues
 * its transcoding, within the transaction that creates the post (so neither exists without the other).
 */
export interface VideoPipeline {
  /** Length and size order the queue (cheap clips first); `authorUid` keeps one running per student. */
  enqueue(
    transaction: EntityManager,
    post: { id: string; uploadId: string | null; authorUid: string; duration: number | null; width: number | null; height: number | null },
  ): Promise<void>;
}

/**
 * How the students a new caption mentions are told, in the transaction that stores the post:
 * notifications provides it (it depends on posts, so posts cannot import it) and services.ts wires it.
 * A mention in a post that is still processing shows once the post is ready (notifications' rule).
 */
export interface CaptionMentionNotifier {
  /**
   * Runs `work` in one transaction; `notify` writes the mentions' notifications within it, heard
   * once it commits; `announceEvent` tells an organization's members of its new event post (they
   * see it once the post is ready, as a mention).
   */
  transaction<T>(
    work: (
      tx: EntityManager,
      notify: (actorUid: string, uids: string[], postId: string) => Promise<void>,
      announceEvent: (actorUid: string, postId: string, organizationId: string) => Promise<void>,
    ) => Promise<T>,
  ): Promise<T>;
}

/** A post's files as one reader may fetch them (PostService.mediaFor). */
export type PostMediaUrls = Pick<Post, 'videoUrl' | 'posterUrl' | 'renditions' | 'posterSources'>;

/**
 * How the readers of a deleted post's notifications hear their new unread count: notifications
 * provides it (as it does the caption's mentions) and services.ts wires it.
 */
export interface PostRemovalNotifier {
  /** Runs `work`, which deletes these posts, in one transaction; whoever had an unread notification about them hears once it commits. */
  removing<T>(postIds: string[], work: (tx: EntityManager) => Promise<T>): Promise<T>;
}

export class PostService {
  readonly posts: Repository<Post>;
  private readonly rows: EntityRowReader<Post>;
  private readonly authorPages: PostListQuery;
  private readonly tagPages: PostListQuery;

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly pipeline: VideoPipeline,
    private readonly mentions: MentionService,
    private readonly mentionNotifier: CaptionMentionNotifier,
    private readonly events: PostEventChecker = NO_EVENTS,
    private readonly removals: PostRemovalNotifier | null = null,
    private readonly organizations: PostOrganizationGate = NO_ORGANIZATIONS,
    private readonly captionTracks: PostCaptionTracks = NO_CAPTION_TRACKS,
  ) {
    this.posts = db.getRepository(Post);
    this.rows = entityRowReader(db, Post, 'p');
    this.authorPages = new PostListQuery(
      db,
      'profile posts',
      1,
      ({ viewer, want, after, extra }) => `SELECT q.* FROM posts q
        WHERE q.author_uid = ${extra(0)}::text AND ${visiblePostSql('q', viewer)} ${after('q')}
        ORDER BY q.created_at DESC, q.id DESC LIMIT ${want}`,
    );
    // Exactly the expression of the posts_tag_keys index, so the lookup uses it. A tag page is a
    // feed: nobody the viewer muted. Planned each run: a tag on a tenth of all posts wants the
    // newest posts walked in order, a rare one its index entries (as search's words).
    this.tagPages = new PostListQuery(
      db,
      'tag page',
      1,
      ({ viewer, want, after, extra }) => `SELECT q.* FROM posts q
        WHERE post_tag_keys(q.tags) @> ARRAY[lower(${extra(0)}::text)] AND ${visiblePostSql('q', viewer)}
          AND ${notMutedSql('q.author_uid', viewer)} ${after('q')}
        ORDER BY q.created_at DESC, q.id DESC LIMIT ${want}`,
      NEWEST_FIRST,
      PlanChoice.EACH_RUN,
    );
  }

  /** These posts, those the viewer may see (post-visibility.ts), each counting the comments the viewer's thread shows. */
  async byIds(ids: readonly string[], viewer: Viewer | null): Promise<Post[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT ${this.rows.selectList}, ${visibleCommentCountSql('p', hiddenCommentersRelation('$2::text'))} AS visible_comment_count
         FROM posts p WHERE p.id = ANY($1::uuid[]) AND ${visiblePostSql('p', '$2::text')}`,
      [valid, viewer?.uid ?? ''],
    );
    return rows.map((row) => Object.assign(this.rows.read(row), { commentCount: Number(row.visible_comment_count) }));
  }

  /**
   * The post's files as this viewer may fetch them. /media serves a post's files to anyone only
   * while anyone may see it (post-visibility.ts); while it is hidden for review its author, who
   * still sees it, gets each URL with a short-lived grant (posts' policy), everyone else the plain
   * URL, which /media answers with 404.
   */
  mediaFor(viewer: Pick<Viewer, 'uid'> | null, post: Post): PostMediaUrls {
    const { videoUrl, posterUrl, renditions, posterSources } = post;
    if (!post.hiddenForReview || !postPolicy.can(viewer, 'fetchHiddenMedia', post))
      return { videoUrl, posterUrl, renditions, posterSources };
    const grant = (url: string) => this.media.grantAccess(url);
    return {
      videoUrl: grant(videoUrl),
      posterUrl: posterUrl === null ? null : grant(posterUrl),
      renditions: renditions.map((rendition): VideoRendition => ({ ...rendition, url: grant(rendition.url) })),
      posterSources: posterSources.map((source): PictureSource => ({ ...source, url: grant(source.url) })),
    };
  }

  /** A post whatever its state: for the api's own bookkeeping, not for showing. */
  async get(id: string): Promise<Post> {
    const post = isUuid(id) ? await this.posts.findOneBy({ id }) : null;
    if (!post) throw postNotFound();
    return post;
  }

  /** A post the viewer may see (post-visibility.ts); 'Post not found' for any other, as for one that is not there. */
  async getVisible(viewer: Viewer | null, id: string): Promise<Post> {
    const [post] = await this.byIds([id], viewer);
    if (!post) throw postNotFound();
    return post;
  }

  async create(viewer: Viewer, input: CreatePostInput): Promise<Post> {
    authorize(postPolicy, viewer, 'create', null);
    const problems = new FieldProblems();
    const videoUrl = (input.videoUrl ?? '').trim();
    if (!videoUrl) problems.add('videoUrl', MESSAGES.videoMissing);
    // The create-post form's own check (@campus-clips/rules), as the form runs it. A refused
    // caption still names an unnamed event, so the event's problems are reported with it.
    const {
      caption,
      tags,
      mentions: mentionIds,
    } = problems.takeForm(checkPostForm({ caption: input.caption, tags: input.tags, mentions: input.mentions }), {
      caption: (input.caption ?? '').trim(),
      tags: [],
      mentions: [],
    });
    const event = input.event ? this.events.check(problems, input.event, caption) : null;
    problems.throwIfAny();
    // Posting as an organization: its officers only (organizations' policy), before anything is claimed.
    const organizationId = input.organizationId ? await this.organizations.authorizePostAs(viewer, input.organizationId) : null;

    const mentions = await this.mentions.place(viewer, mentionIds, caption);
    const video = await this.media.claimVideo(viewer.uid, videoUrl);
    const tracks = await this.captionTracks.prepare(viewer, input.captionTracks ?? [], video.duration);
    // Processing until its video is transcoded: only its author sees it meanwhile. The mentioned
    // students are told in the same transaction (shown to them once the post is ready).
    const id = await withConstraintMessages(() =>
      this.mentionNotifier.transaction(async (tx, notifyMentions, announceEvent) => {
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
          organizationId,
          ...event,
          status: PostStatus.PROCESSING,
          processingProgress: 0,
        });
        const postId = inserted.identifiers[0]!.id as string;
        if (video.uploadId) await tracks.store(tx, { id: postId, uploadId: video.uploadId });
        await this.pipeline.enqueue(tx, {
          id: postId,
          uploadId: video.uploadId,
          authorUid: viewer.uid,
          duration: video.duration,
          width: video.width,
          height: video.height,
        });
        if (mentions.length)
          await notifyMentions(
            viewer.uid,
            mentions.map((mention) => mention.uid),
            postId,
          );
        // An organization's event reaches its members (their setting allows it by default).
        if (organizationId && event) await announceEvent(viewer.uid, postId, organizationId);
        return postId;
      }),
    );
    return this.get(id);
  }

  /**
   * Deletes the caller's own post, its likes, comments and notifications (cascade; whoever had an
   * unread one hears their new count), then its files.
   */
  async delete(viewer: Viewer, id: string): Promise<boolean> {
    const post = await this.get(id);
    authorize(postPolicy, viewer, 'delete', post);
    const removeFiles = await (this.removals
      ? this.removals.removing([post.id], (tx) => this.deleteWithin(tx, post))
      : this.db.transaction((tx) => this.deleteWithin(tx, post)));
    await removeFiles();
    return true;
  }

  /**
   * A post's deletion, within the caller's transaction (its own, or a moderator's decision): the
   * row, and with it its likes, comments and notifications (cascade). Answers the removal of its
   * files, to run once the transaction has committed (files cannot be rolled back): the upload
   * with everything made from it (original, renditions, posters), or, for a post older than
   * upload records, its files by URL.
   */
  async deleteWithin(tx: EntityManager, post: Post): Promise<() => Promise<void>> {
    await tx.getRepository(Post).delete({ id: post.id });
    return async () => {
      if (post.uploadId) await this.media.deleteUploads([post.uploadId]);
      else await this.media.deleteMedia([post.videoUrl, post.posterUrl].filter((url): url is string => !!url));
    };
  }

  /** A person's posts: all of them for the person, the ready ones for everyone else. */
  byAuthor(uid: string, page: PageRequest, viewer: Viewer | null): Promise<PostListPage> {
    return this.authorPages.page(viewer, page, [uid]);
  }

  /** Posts with this tag in any case: /tag/goldenhour and /tag/GoldenHour are one page. */
  async byTag(tag: string, page: PageRequest, viewer: Viewer | null): Promise<PostListPage> {
    const normalised = normaliseTag(tag);
    if (!normalised) return emptyPostListPage();
    return this.tagPages.page(viewer, page, [normalised]);
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
