// The web app's own operations (web/src/features/**/*.graphql, as codegen generated them and Apollo
// Client sends them: bench/lib/web-operations.mjs), so the benchmark asks for what a phone asks
// for: same selections, same page sizes. No scenario writes GraphQL of its own; the test
// bench/scenarios/web-operations.test.mjs fails when one does, or when its selection differs.
import { webOperation, webPageSize } from '../lib/web-operations.mjs';

const text = (name) => webOperation(name).text;

export const OPS = {
  homeFeed: text('HomeFeed'),
  explore: text('ExploreFeed'),
  events: text('Events'),
  userProfile: text('UserProfile'),
  postComments: text('PostComments'),
  // The organization page is two requests in the web: its header, and its posts list (the Posts tab).
  organizationPage: text('OrganizationPage'),
  organizationPosts: text('OrganizationPosts'),
  // The notifications page's list; the unread count is the sidebar's own request.
  notifications: text('Notifications'),
  unreadNotificationCount: text('UnreadNotificationCount'),
  search: text('Search'),
  searchSuggestions: text('SearchSuggestions'),
  likePost: text('LikePost'),
  unlikePost: text('UnlikePost'),
  addComment: text('AddComment'),
  follow: text('FollowUser'),
  unfollow: text('UnfollowUser'),
  createPost: text('CreatePost'),
};

/** Each list's `first`, as the web's pages pass it. */
export const PAGE = {
  feed: webPageSize('HomeFeed'),
  profilePosts: webPageSize('UserProfile'),
  comments: webPageSize('PostComments'),
  notifications: webPageSize('Notifications'),
  search: webPageSize('Search'),
  suggestions: webPageSize('SearchSuggestions'),
};

/**
 * A list's variables as the web sends them: the first page's (`first`, and the scope only when it
 * is ALL: the web leaves MINE, the default, out), then Apollo's fetchMore adds `after`.
 */
export function pageVariables(first, after, extra = {}) {
  const variables = { ...extra, first };
  if (variables.scope === 'MINE') delete variables.scope;
  return after ? { ...variables, after } : variables;
}

/** An autocannon/fetch request object for one GraphQL operation, as Apollo's HttpLink posts it. */
export function gqlRequest(token, query, variables) {
  const operationName = /^(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1];
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ operationName, variables, query }),
  };
}

export async function gql(url, token, query, variables) {
  const request = gqlRequest(token, query, variables);
  const response = await fetch(url + request.path, { method: 'POST', headers: request.headers, body: request.body });
  const json = await response.json();
  if (!response.ok || json.errors)
    throw new Error(`GraphQL failed (${response.status}): ${JSON.stringify(json.errors ?? json).slice(0, 500)}`);
  return json.data;
}
