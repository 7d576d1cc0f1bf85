import type { PageRequest } from '../shared/paging';
import type { LimitedAction } from '../shared/rate-limit-table';
import type { NumberedPageQuery } from '../shared/rest/request-schemas';
import type { RestRoute as RestRouteOf } from '../shared/rest/rest-route';
import type { Comment } from './comments';
import type { Post, PostListPage } from './posts';
import type { Services } from './services';
import type { User } from './users';

/**
 * What every REST handler (`modules/<feature>/<f>.rest.ts`) sees besides the caller and its
 * request, as GraphQLContext is what every resolver sees; rest/router.ts builds it per request.
 */
export interface RestContext {
  services: Services;
  /** The spec's documents for what the services return, as this request's caller may read them (rest/documents.ts). */
  documents: RestDocuments;
  /** Counts one more `action` for the caller, for a count only the service can decide on (a sign-up); 429 when over. */
  count(action: LimitedAction): Promise<void>;
}

/** A route of the REST route table (rest/router.ts gathers every feature's). */
export type RestRoute = RestRouteOf<RestContext>;

/**
 * The spec's Mongo-style documents (§3, §7: `_id`, `userId` populated, `likes` as uids, embedded
 * `comments`), read for the request's caller.
 */
export interface RestDocuments {
  user(user: User): Promise<Record<string, unknown>>;
  post(post: Post): Promise<Record<string, unknown>>;
  comment(comment: Comment): Promise<Record<string, unknown>>;
  /** A page of a list of posts, by the spec's `?page=&limit=` or by `?cursor=`: `{ posts, hasMore, nextCursor }`. */
  postPage(query: NumberedPageQuery, load: (page: PageRequest) => Promise<PostListPage>): Promise<Record<string, unknown>>;
}
