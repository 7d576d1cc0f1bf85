import { pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

/** POST /api/posts/:postId/like and /unlike: one call in two directions; answers the post document. */
function likeRoute(direction: 'like' | 'unlike', failure: string, message: string) {
  return route({
    method: 'post',
    path: `/api/posts/:postId/${direction}`,
    access: 'user',
    rateLimit: 'like',
    failure,
    actsAs: { body: 'firebaseUid' },
    params: pathParams('postId'),
    async handle({ viewer, params, services, documents }) {
      const post = await services.likes[direction](viewer, params.postId);
      return { message, post: await documents.post(post) };
    },
  });
}

export const likeRestRoutes = [
  likeRoute('like', 'Failed to like post', 'Post liked'),
  likeRoute('unlike', 'Failed to unlike post', 'Post unliked'),
];
