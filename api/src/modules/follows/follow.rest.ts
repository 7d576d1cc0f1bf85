import { pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

/** PUT /api/follow/:targetId and /api/follow/unfollow/:targetId; answers the target's follower count. */
function followRoute(direction: 'follow' | 'unfollow', path: string, failure: string, message: string) {
  return route({
    method: 'put',
    path,
    access: 'user',
    rateLimit: 'follow',
    failure,
    actsAs: { body: 'currentUserId' },
    params: pathParams('targetId'),
    async handle({ viewer, params, services }) {
      const user = await services.follows[direction](viewer, params.targetId);
      return { message, followerCount: user.followerCount };
    },
  });
}

export const followRestRoutes = [
  followRoute('unfollow', '/api/follow/unfollow/:targetId', 'Failed to unfollow user', 'Successfully unfollowed user'),
  followRoute('follow', '/api/follow/:targetId', 'Failed to follow user', 'Successfully followed user'),
];
