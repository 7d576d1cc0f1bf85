import { visibleRestrictedFields } from '../shared/field-visibility';
import { cursorPage, encodeCursor, type PageRequest } from '../shared/paging';
import type { NumberedPageQuery } from '../shared/rest/request-schemas';
import type { Viewer } from '../shared/viewer';
import type { Comment } from '../modules/comments';
import { eventOf } from '../modules/events';
import type { StoredMention } from '../modules/mentions';
import type { Post, PostListPage } from '../modules/posts';
import type { RestDocuments } from '../modules/rest-context';
import type { Services } from '../modules/services';
import { postCountSeenBy, User } from '../modules/users';
import { numberedPage } from './numbered-pages';
import type { SpecLists } from './spec-lists';

/**
 * The documents of one request's answers, read as its caller may read them (the handlers'
 * `documents`, modules/rest-context.ts).
 */
export function createDocuments(services: Services, lists: SpecLists, viewer: Viewer | null): RestDocuments {
  return {
    user: (user) => userDocument(lists, user, viewer),
    async post(post) {
      const [document] = await postDocuments(services, lists, [post], viewer);
      return document!;
    },
    async comment(comment) {
      const [author] = await services.users.byIds([comment.authorUid]);
      return commentDocument(comment, author);
    },
    postPage: (query, load) => postPageDocument(services, lists, viewer, query, load),
  };
}

/**
 * A page of a list of posts: `?page=&limit=` as the spec has it, walked over the service's keyset
 * list (rest/numbered-pages.ts), or `?cursor=` to page by keyset directly.
 */
async function postPageDocument(
  services: Services,
  lists: SpecLists,
  viewer: Viewer | null,
  { page: number, limit, cursor }: NumberedPageQuery,
  load: (page: PageRequest) => Promise<PostListPage>,
) {
  const page = cursor ? await load(cursorPage(limit, cursor)) : await numberedPage(load, { page: number, limit });
  const last = page.items[page.items.length - 1];
  return {
    posts: await postDocuments(services, lists, page.items, viewer, page.authors),
    hasMore: page.hasNextPage,
    nextCursor: page.hasNextPage && last ? encodeCursor(last) : null,
  };
}

/**
 * The spec's Mongo-style documents (§3, §7): `_id`, `userId` populated as an author object,
 * `likes` as a list of uids, embedded `comments`. A user's restricted fields (User's @OwnerOnly():
 * e-mail, date of birth) only where the entity's declaration lets this viewer read them (D9).
 */
export interface AuthorDocument {
  _id: string;
  firebaseUid: string;
  displayName: string | null;
  photoURL: string | null;
}

export function authorDocument(user: User): AuthorDocument {
  return { _id: user.id, firebaseUid: user.id, displayName: user.displayName, photoURL: user.photoURL };
}

export async function userDocument(lists: SpecLists, user: User, viewer: Viewer | null) {
  const edges = await lists.followUids(user.id);
  return {
    ...authorDocument(user),
    bio: user.bio,
    interests: user.interests,
    followers: edges.followers,
    following: edges.following,
    followerCount: user.followerCount,
    followingCount: user.followingCount,
    postCount: postCountSeenBy(user, viewer?.uid ?? null),
    createdAt: user.createdAt.toISOString(),
    ...visibleRestrictedFields(User, user, viewer),
  };
}

export function commentDocument(comment: Comment, author: User | undefined) {
  return {
    _id: comment.id,
    text: comment.text,
    createdAt: comment.createdAt.toISOString(),
    // The spec shows a plain id string when the author is unknown.
    userId: author ? authorDocument(author) : comment.authorUid,
  };
}

/**
 * Documents for a page of posts: likers, and comments with their authors, in two statements
 * whatever the page size; one more for the posts' authors unless the page came with them
 * (`knownAuthors`, posts/post-list-query.ts), and one more when a caption on the page mentions someone.
 */
export async function postDocuments(services: Services, lists: SpecLists, posts: Post[], viewer: Viewer | null, knownAuthors: User[] = []) {
  const ids = posts.map((post) => post.id);
  const [likes, comments] = await Promise.all([lists.likerUids(ids), services.comments.forPosts(ids, viewer)]);
  const authors = new Map([...knownAuthors, ...comments.authors].map((user) => [user.id, user]));
  const missingAuthors = [...new Set(posts.map((post) => post.authorUid))].filter((uid) => !authors.has(uid));
  const mentionedIds = new Set(posts.flatMap((post) => (post.mentions ?? []).map((mention) => mention.uid)));
  const [authorList, mentionable] = await Promise.all([
    services.users.byIds(missingAuthors),
    services.users.byIdsVisibleTo([...mentionedIds], viewer),
  ]);
  for (const user of authorList) authors.set(user.id, user);
  const visibleMentioned = new Set(mentionable.map((user) => user.id));
  return posts.map((post) => {
    const author = authors.get(post.authorUid);
    // Its files as this reader may fetch them (with a grant for its author while hidden for review).
    const media = services.posts.mediaFor(viewer, post);
    return {
      _id: post.id,
      userId: author ? authorDocument(author) : post.authorUid,
      videoUrl: media.videoUrl,
      posterUrl: media.posterUrl,
      // Its video's state: anyone but the author only ever gets ready posts.
      status: post.status,
      processingProgress: post.processingProgress,
      failureMessage: post.failureMessage,
      renditions: media.renditions,
      posterSources: media.posterSources,
      duration: post.duration,
      width: post.width,
      height: post.height,
      caption: post.caption,
      tags: post.tags,
      // Not in the spec: the caption's mentions, without anyone the viewer may not see (a block, a deleted account).
      mentions: mentionDocuments(post.mentions, visibleMentioned),
      likes: likes.get(post.id) ?? [],
      likeCount: post.likeCount,
      comments: (comments.byPost.get(post.id) ?? []).map((comment) => commentDocument(comment, authors.get(comment.authorUid))),
      commentCount: post.commentCount,
      createdAt: post.createdAt.toISOString(),
      // Not in the spec: the event an event post announces (as GraphQL's Post.event), only when there is one.
      ...eventDocument(post),
    };
  });
}

function eventDocument(post: Post): { event?: object } {
  const event = eventOf(post);
  if (!event) return {};
  return { event: { ...event, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt?.toISOString() ?? null } };
}

function mentionDocuments(mentions: StoredMention[] | undefined, visible: ReadonlySet<string>): StoredMention[] {
  return (mentions ?? []).filter((mention) => visible.has(mention.uid)).map(({ uid, start, length }) => ({ uid, start, length }));
}
