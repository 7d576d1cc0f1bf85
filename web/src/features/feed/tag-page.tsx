import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PostsByTagDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';
import { useFeedQuery } from './use-feed-query';

/** /tags/:tag: every post carrying one tag, newest first. */
export default function TagPage() {
  const { currentUser } = useAuth();
  const tag = (useParams().tag ?? '').replace(/^#/, '');
  const variables = useMemo(() => ({ tag, first: FEED_PAGE_SIZE }), [tag]);
  const feed = useFeedQuery(PostsByTagDocument, 'postsByTag', variables, !currentUser || !tag);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 break-words text-2xl font-bold text-gray-900">#{tag}</h1>
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <PostFeed
          {...feed}
          name={`#${tag}`}
          empty={<FeedEmptyState title={`No posts tagged #${tag} yet.`} hint="Check back later for new content!" />}
        />
      )}
    </div>
  );
}
