import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { HomeFeedDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ModerationNotices } from '../moderation';
import { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';

/** Home ('Your Feed'): the student's own posts and those of the people they follow (D14). */
export default function HomePage() {
  const { currentUser } = useAuth();
  const { data, loading, error, fetchMore } = useQuery(HomeFeedDocument, {
    variables: { first: FEED_PAGE_SIZE },
    skip: !currentUser,
  });
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Your Feed</h1>
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <>
          <ModerationNotices />
          <PostFeed
            connection={data?.homeFeed}
            name="Your Feed"
            loading={loading}
            error={error}
            fetchNextPage={fetchNextPage}
            empty={<FeedEmptyState title="No posts from people you follow yet." hint="Follow more people or check out the Explore page!" />}
          />
        </>
      )}
    </div>
  );
}
