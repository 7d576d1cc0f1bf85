import type { PostEventFieldsFragment } from '../../../graphql/graphql';

// Test data shaped exactly as the feed queries return it (with __typename, as Apollo stores it).
export function makePost(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Post' as const,
    id,
    caption: `Caption of ${id}`,
    mentions: [] as Array<{
      __typename: 'Mention';
      start: number;
      length: number;
      user: { __typename: 'User'; id: string; displayName: string | null } | null;
    }>,
    tags: ['campus'],
    status: 'READY' as 'READY' | 'PROCESSING' | 'FAILED',
    processingProgress: null as number | null,
    failureMessage: null as string | null,
    videoUrl: `/media/videos/${id}-720p.mp4`,
    posterUrl: null as string | null,
    width: 720 as number | null,
    height: 1280 as number | null,
    renditions: [
      { __typename: 'VideoRendition' as const, url: `/media/videos/${id}-720p.mp4`, width: 720, height: 1280 },
      { __typename: 'VideoRendition' as const, url: `/media/videos/${id}-360p.mp4`, width: 360, height: 640 },
    ],
    posterSources: [] as Array<{ __typename: 'PictureSource'; url: string; type: string; width: number; height: number }>,
    captionTracks: [] as Array<{ __typename: 'CaptionTrack'; language: string; label: string; url: string }>,
    createdAt: '2026-11-20T12:00:00.000Z',
    likeCount: 3,
    viewerHasLiked: false,
    commentCount: 0,
    // As the api answers a student reading someone else's post.
    viewerCan: { __typename: 'PostViewerCan' as const, delete: false, report: true },
    event: null as (PostEventFieldsFragment & { __typename: 'PostEvent' }) | null,
    // Posted as a person (issue 26: an organization's post names it here).
    organization: null as { __typename: 'Organization'; id: string; slug: string; name: string; photoURL: string | null } | null,
    author: {
      __typename: 'User' as const,
      id: `author-of-${id}`,
      displayName: `Author ${id}`,
      verified: true,
      photoURL: null,
      photoSources: [] as never[],
    },
    ...overrides,
  };
}

/** What the api answers a student about their own post. */
export const OWN_POST_CAN = { __typename: 'PostViewerCan' as const, delete: true, report: false };

/** What the api answers a student about a person: anyone else may be followed, blocked, muted and reported; oneself not. */
export function userCan(self = false) {
  return { __typename: 'UserViewerCan' as const, follow: !self, block: !self, mute: !self, report: !self };
}

/** What the api answers a student about a comment: someone else's (Report, no Delete) unless `answer` says otherwise. */
export function commentCan(answer: { delete?: boolean; report?: boolean } = {}) {
  return { __typename: 'CommentViewerCan' as const, delete: false, report: true, ...answer };
}

/** What the api answers a student about their own comment. */
export const OWN_COMMENT_CAN = commentCan({ delete: true, report: false });

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
