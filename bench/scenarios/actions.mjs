// Reads of one profile or post, and the writes. Each write scenario cycles through its fixture list
// (posts to like, people to follow, finished uploads to post), so no two concurrent connections
// fight over one row and every request does real work. Each is the web's own operation with the
// variables the web sends (scenarios/graphql.mjs).
import { OPS, PAGE, gqlRequest } from './graphql.mjs';

export function readScenarios({ tokens, fixtures }) {
  return [
    {
      id: 'profile',
      name: `Profile with its posts (a creator), first ${PAGE.profilePosts}`,
      request: gqlRequest(tokens.student, OPS.userProfile, { userId: fixtures.profileUid, first: PAGE.profilePosts }),
    },
    {
      id: 'post-comments',
      name: `Post with its comments (the most commented), first ${PAGE.comments}`,
      request: gqlRequest(tokens.student, OPS.postComments, { postId: fixtures.busyPostId, first: PAGE.comments }),
    },
  ].map((scenario) => ({ ...scenario, kind: 'read' }));
}

export function writeScenarios({ tokens, fixtures }) {
  const token = tokens.student;
  const cycle = (list) => {
    let next = 0;
    return () => list[next++ % list.length];
  };
  const nextPost = cycle(fixtures.postIds);
  const nextCommentPost = cycle(fixtures.postIds);
  const nextTarget = cycle(fixtures.followTargets);
  const uploads = [...fixtures.uploadUrls];
  // Each request of a pair is built just before it is sent: the first picks the row, the second reuses it.
  const dynamic = (build) => ({
    method: 'POST',
    path: '/graphql',
    setupRequest: (request, context) => ({ ...request, ...build(context) }),
  });
  return [
    {
      id: 'like-unlike',
      name: 'Like, then unlike (each counted)',
      requests: [
        dynamic((context) => gqlRequest(token, OPS.likePost, { postId: (context.postId = nextPost()) })),
        dynamic((context) => gqlRequest(token, OPS.unlikePost, { postId: context.postId })),
      ],
    },
    {
      id: 'add-comment',
      name: 'Add comment',
      requests: [dynamic(() => gqlRequest(token, OPS.addComment, { postId: nextCommentPost(), text: 'Benchmark says hi' }))],
    },
    {
      id: 'follow-unfollow',
      name: 'Follow, then unfollow (each counted)',
      requests: [
        dynamic((context) => gqlRequest(token, OPS.follow, { userId: (context.target = nextTarget()) })),
        dynamic((context) => gqlRequest(token, OPS.unfollow, { userId: context.target })),
      ],
    },
    {
      id: 'create-post',
      name: 'Create post (over an already finished upload)',
      requests: [
        dynamic(() => {
          const videoUrl = uploads.pop();
          if (!videoUrl) throw new Error('create-post: the dataset has no unused finished uploads left; rebuild it');
          return gqlRequest(token, OPS.createPost, { input: { videoUrl, caption: 'Bench clip', tags: ['campus', 'bench'] } });
        }),
      ],
    },
  ].map((scenario) => ({ ...scenario, kind: 'write' }));
}
