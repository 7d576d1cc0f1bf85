import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { HomeFeedDocument, PlayerClipDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import { FIRST_PAGE } from './post-feed';
import { useFeedQuery } from './use-feed-query';

// Issue 23 (item 15): the player looks each clip up on its own (`post(id)`); the feed's window let
// go of the post but that lookup kept it, and the heap grew with every clip watched.
describe('the feed window letting go of posts', () => {
  it('takes a dropped post out of the cache with its own lookups; the kept ones stay', () => {
    const cache = createCache();
    const client = new ApolloClient({ cache, link: ApolloLink.empty() });
    const posts = ['p1', 'p2', 'p3'].map((id) => makePost(id));
    cache.writeQuery({ query: HomeFeedDocument, variables: FIRST_PAGE, data: { homeFeed: makeConnection(posts, true) } });
    for (const post of posts) {
      const author = {
        ...post.author,
        isViewer: false,
        viewerIsFollowing: false,
        viewerCan: { __typename: 'UserViewerCan' as const, follow: true },
      };
      cache.writeQuery({ query: PlayerClipDocument, variables: { id: post.id }, data: { post: { ...post, author } } });
    }
    const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
    const { result } = renderHook(() => useFeedQuery(HomeFeedDocument, 'homeFeed', FIRST_PAGE, false), { wrapper });

    const { edges, pageInfo } = result.current.connection!;
    result.current.windowStore.replace(edges.slice(1), pageInfo);

    const held = cache.extract();
    expect(Object.keys(held).filter((key) => key.startsWith('Post:'))).toEqual(['Post:p2', 'Post:p3']);
    expect(Object.keys(held.ROOT_QUERY ?? {}).filter((key) => key.startsWith('post('))).toEqual(['post({"id":"p2"})', 'post({"id":"p3"})']);
    expect(cache.readQuery({ query: PlayerClipDocument, variables: { id: 'p2' } })?.post?.caption).toBe('Caption of p2');
  });
});
