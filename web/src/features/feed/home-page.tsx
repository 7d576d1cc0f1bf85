import { HomeFeedDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ModerationNotices } from '../moderation';
import { FIRST_PAGE, FeedEmptyState, PostFeed } from './post-feed';
import { useFeedQuery } from './use-feed-query';

/** Home ('Your Feed'): the student's own posts and those of the people they follow (D14). */
export default function HomePage() {
  const { currentUser } = useAuth();
  const feed = useFeedQuery(HomeFeedDocument, 'homeFeed', FIRST_PAGE, !currentUser);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Your Feed</h1>
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <>
          <ModerationNotices />
          <PostFeed
            {...feed}
            name="Your Feed"
            empty={<FeedEmptyState title="No posts from people you follow yet." hint="Follow more people or check out the Explore page!" />}
          />
        </>
      )}
    </div>
  );
}
