// The web app's own operations (web/src/features/**.graphql), so the benchmark asks for what a
// phone asks for: same selections, same page size (10).
const POST_CARD = `fragment PostCardFields on Post {
  id caption tags videoUrl posterUrl createdAt likeCount viewerHasLiked commentCount
  author { id displayName photoURL }
}`;
const COMMENT = `fragment CommentFields on Comment { id text createdAt author { id displayName photoURL } }`;

export const OPS = {
  homeFeed: `query HomeFeed($first: Int, $after: String) {
    homeFeed(first: $first, after: $after) { edges { cursor node { ...PostCardFields } } pageInfo { hasNextPage endCursor } }
  } ${POST_CARD}`,
  explore: `query ExploreFeed($first: Int, $after: String, $scope: CampusScope) {
    explore(first: $first, after: $after, scope: $scope) { edges { cursor node { ...PostCardFields } } pageInfo { hasNextPage endCursor } }
  } ${POST_CARD}`,
  userProfile: `query UserProfile($userId: ID!, $first: Int, $after: String) {
    user(id: $userId) {
      id displayName photoURL bio interests followerCount followingCount postCount isViewer viewerIsFollowing
      posts(first: $first, after: $after) { edges { cursor node { id caption tags videoUrl posterUrl createdAt } } pageInfo { hasNextPage endCursor } }
    }
  }`,
  postComments: `query PostComments($postId: ID!, $first: Int, $after: String) {
    post(id: $postId) { id commentCount comments(first: $first, after: $after) { edges { cursor node { ...CommentFields } } pageInfo { hasNextPage endCursor } } }
  } ${COMMENT}`,
  likePost: `mutation LikePost($postId: ID!) { likePost(postId: $postId) { id likeCount viewerHasLiked } }`,
  unlikePost: `mutation UnlikePost($postId: ID!) { unlikePost(postId: $postId) { id likeCount viewerHasLiked } }`,
  addComment: `mutation AddComment($postId: ID!, $text: String!) { addComment(postId: $postId, text: $text) { ...CommentFields post { id commentCount } } } ${COMMENT}`,
  follow: `mutation FollowUser($userId: ID!) { follow(userId: $userId) { id followerCount viewerIsFollowing } }`,
  unfollow: `mutation UnfollowUser($userId: ID!) { unfollow(userId: $userId) { id followerCount viewerIsFollowing } }`,
  createPost: `mutation CreatePost($input: CreatePostInput!) { createPost(input: $input) { ...PostCardFields } } ${POST_CARD}`,
};

/** An autocannon/fetch request object for one GraphQL operation. */
export function gqlRequest(token, query, variables) {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
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
