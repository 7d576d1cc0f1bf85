import DataLoader from 'dataloader';
import type { Viewer } from '../auth/viewer';
import type { Post } from '../modules/posts/post.entity';
import type { Services } from '../modules/services';
import type { User } from '../modules/users/user.entity';

/**
 * One set per request: every per-row lookup a field resolver needs is batched into one statement,
 * so the shape of a query never decides how many statements run.
 */
export interface Loaders {
  user: DataLoader<string, User | null>;
  post: DataLoader<string, Post | null>;
  viewerHasLiked: DataLoader<string, boolean>;
  viewerFollows: DataLoader<string, boolean>;
}

export function createLoaders(services: Services, viewer: Viewer | null): Loaders {
  return {
    user: new DataLoader(async (ids) => byId(ids, await services.users.byIds(ids))),
    post: new DataLoader(async (ids) => byId(ids, await services.posts.byIds(ids))),
    viewerHasLiked: new DataLoader(async (postIds) => {
      if (!viewer) return postIds.map(() => false);
      const liked = await services.likes.likedBy(viewer.uid, postIds);
      return postIds.map((id) => liked.has(id));
    }),
    viewerFollows: new DataLoader(async (uids) => {
      if (!viewer) return uids.map(() => false);
      const followed = await services.follows.followedBy(viewer.uid, uids);
      return uids.map((uid) => followed.has(uid));
    }),
  };
}

function byId<T extends { id: string }>(ids: readonly string[], rows: T[]): Array<T | null> {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
}
