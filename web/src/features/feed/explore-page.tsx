import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { ExploreFeedDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';

/** Explore: posts from people the viewer does not follow yet. */
export default function ExplorePage() {
  const { currentUser } = useAuth();
  const { data, loading, error, fetchMore } = useQuery(ExploreFeedDocument, {
    variables: { first: FEED_PAGE_SIZE },
    skip: !currentUser,
  });
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Explore New Content</h1>
      <p className="mb-6 mt-1 text-gray-600">Discover posts from new people you aren't following yet.</p>
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <PostFeed
          connection={data?.explore}
          name="Explore"
          loading={loading}
          error={error}
          fetchNextPage={fetchNextPage}
          empty={<FeedEmptyState title="No new posts to explore." hint="Check back later for new content!" />}
        />
      )}
    </div>
  );
}
