import DataLoader from 'dataloader';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import type { RateLimitState } from '../shared/rate-limit-outcome';
import type { Viewer } from '../shared/viewer';
import type { Organization } from './organizations';
import type { Post } from './posts';
import type { Services } from './services';
import type { User } from './users';
import type { PictureFile } from './uploads';
import type { CaptionCue } from './caption-tracks';

/**
 * What every resolver sees: the verified caller (or null), the services, and this request's loaders;
 * and what @RateLimited (shared/graphql/rate-limited.ts) counts with and leaves its outcome in.
 */
export interface GraphQLContext {
  viewer: Viewer | null;
  services: Services;
  loaders: Loaders;
  /** The process's one limiter: GraphQL, REST and tus spend the same budget. */
  rateLimiter: RateLimiter;
  /** The client's address (req.ip, through trusted proxies), for per-address limits. */
  clientAddress: string | null;
  /** The tightest rate-limit outcome of this request, for its RateLimit headers; null when nothing counted. */
  rateLimit: RateLimitState | null;
  /**
   * Set while one execution answers every subscriber of a live event (graphql/shared-subscribe.ts):
   * a field whose answer depends on who asks must then answer as if it knew nobody.
   */
  sharedAcrossViewers?: boolean;
}

export function createContext(
  services: Services,
  viewer: Viewer | null,
  rateLimiter: RateLimiter,
  clientAddress: string | null,
): GraphQLContext {
  return { viewer, services, loaders: createLoaders(services, viewer), rateLimiter, clientAddress, rateLimit: null };
}

/**
 * One set per request: every per-row lookup a field resolver needs is batched into one statement,
 * so the shape of a query never decides how many statements run.
 */
export interface Loaders {
  user: DataLoader<string, User | null>;
  post: DataLoader<string, Post | null>;
  /** An organization the viewer may see (Post.organization, Notification.organization). */
  organization: DataLoader<string, Organization | null>;
  viewerHasLiked: DataLoader<string, boolean>;
  viewerFollows: DataLoader<string, boolean>;
  /** A photo URL's sized copies: an organization's picture (a User's come on its row, users.photo_sources). */
  photoSources: DataLoader<string, PictureFile[]>;
  /** A caption track's cues, by `postId language` (the transcript). */
  captionCues: DataLoader<string, CaptionCue[]>;
}

export function createLoaders(services: Services, viewer: Viewer | null): Loaders {
  const viewerFollows = new DataLoader<string, boolean>(async (uids) => {
    if (!viewer) return uids.map(() => false);
    const followed = await services.follows.followedBy(viewer.uid, uids);
    return uids.map((uid) => followed.has(uid));
  });
  return {
    // Whether the viewer follows each person comes in the same statement (a profile's Follow button).
    user: new DataLoader(async (ids) => {
      const { users, followed } = await services.users.byIdsVisibleWithFollows(ids, viewer);
      if (viewer) for (const user of users) viewerFollows.prime(user.id, followed.has(user.id));
      return byId(ids, users);
    }),
    post: new DataLoader(async (ids) => byId(ids, await services.posts.byIds(ids, viewer))),
    organization: new DataLoader(async (ids) => byId(ids, await services.organizations.byIds(ids, viewer))),
    viewerHasLiked: new DataLoader(async (postIds) => {
      if (!viewer) return postIds.map(() => false);
      const liked = await services.likes.likedBy(viewer.uid, postIds);
      return postIds.map((id) => liked.has(id));
    }),
    photoSources: new DataLoader(async (urls) => {
      const found = await services.users.photoSources(urls);
      return urls.map((url) => found.get(url) ?? []);
    }),
    captionCues: new DataLoader((keys) => services.captionTracks.cuesOf(keys)),
    viewerFollows,
  };
}

function byId<T extends { id: string }>(ids: readonly string[], rows: T[]): Array<T | null> {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
}
