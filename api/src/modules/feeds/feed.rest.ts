import { numberedPageQuery } from '../../shared/rest/request-schemas';
import { restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';

const route = restRoute<RestContext>();

/** The spec's Home and Explore feeds (§7): the path names whose feed, and it must be the caller's (D1). */
export const feedRestRoutes = [
  route({
    method: 'get',
    path: '/api/posts/following/:uid',
    access: 'user',
    failure: 'Failed to fetch posts from followed users',
    actsAs: { param: 'uid' },
    query: numberedPageQuery(),
    async handle({ viewer, query, services, documents }) {
      return documents.postPage(query, (page) => services.feeds.home(viewer, page));
    },
  }),
  route({
    method: 'get',
    path: '/api/posts/explore/:uid',
    access: 'user',
    failure: 'Failed to fetch explore posts',
    actsAs: { param: 'uid' },
    query: numberedPageQuery(),
    async handle({ viewer, query, services, documents }) {
      return documents.postPage(query, (page) => services.feeds.explore(viewer, page));
    },
  }),
];
