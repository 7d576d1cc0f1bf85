// Test data shaped exactly as the feed queries return it (with __typename, as Apollo stores it).
export function makePost(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Post' as const,
    id,
    caption: `Caption of ${id}`,
    tags: ['campus'],
    videoUrl: `/media/videos/${id}.mp4`,
    posterUrl: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    likeCount: 3,
    viewerHasLiked: false,
    commentCount: 0,
    author: { __typename: 'User' as const, id: `author-of-${id}`, displayName: `Author ${id}`, photoURL: null },
    ...overrides,
  };
}

export function makeConnection(posts: ReturnType<typeof makePost>[], hasNextPage: boolean) {
  return {
    __typename: 'PostConnection' as const,
    edges: posts.map((node) => ({ __typename: 'PostEdge' as const, cursor: `cursor-${node.id}`, node })),
    pageInfo: {
      __typename: 'PageInfo' as const,
      hasNextPage,
      endCursor: posts.length ? `cursor-${posts[posts.length - 1].id}` : null,
    },
  };
}
