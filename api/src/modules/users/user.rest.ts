import { z } from 'zod';
import { fields, pathParams } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

/** The spec's profile routes (§7). */
export const userRestRoutes = [
  route({
    method: 'post',
    path: '/api/users/sync',
    access: 'user',
    rateLimit: 'sync',
    failure: 'Failed to sync with database',
    failureHasError: true,
    actsAs: { body: 'firebaseUid' },
    body: z.object({ displayName: fields.text, photoURL: fields.text, dateOfBirth: fields.text }),
    async handle({ viewer, body, services, documents, count }) {
      // The sync that creates the profile is a sign-up, limited per address besides 'sync'.
      const user = await services.users.sync(viewer, body, () => count('signup'));
      return { message: 'User synced successfully', user: await documents.user(user) };
    },
  }),
  route({
    method: 'get',
    path: '/api/users/:uid',
    access: 'public',
    failure: 'Failed to fetch user data',
    params: pathParams('uid'),
    async handle({ viewer, params, services, documents }) {
      const user = await services.users.getFor(viewer, params.uid);
      return { message: 'User fetched successfully', user: await documents.user(user) };
    },
  }),
  route({
    method: 'put',
    path: '/api/users/:uid',
    access: 'user',
    rateLimit: 'profile',
    failure: 'Failed to update user profile',
    // The path names who acts (D1): someone else's uid is a 403 before the body is read.
    actsAs: { param: 'uid' },
    params: pathParams('uid'),
    body: z.object({
      displayName: fields.text,
      photoURL: fields.text,
      bio: fields.text,
      dateOfBirth: fields.text,
      interests: fields.textList,
    }),
    async handle({ viewer, params, body, services, documents }) {
      const user = await services.users.updateProfile(viewer, params.uid, body);
      return { message: 'Profile updated successfully!', user: await documents.user(user) };
    },
  }),
];
