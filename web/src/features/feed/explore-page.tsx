import { useMemo } from 'react';
import { ExploreFeedDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { CampusScopeSwitch, scopeVariables, useCampusScope, useViewerCampus } from '../campus';
import { FIRST_PAGE, FeedEmptyState, PostFeed } from './post-feed';
import { useFeedQuery } from './use-feed-query';

/** Explore: posts from people the viewer does not follow yet, the viewer's campus first (issue 25). */
export default function ExplorePage() {
  const { currentUser } = useAuth();
  const campus = useViewerCampus();
  const { scope, setScope } = useCampusScope();
  // One list per scope in the cache (explore's key argument), so switching back shows it at once.
  const variables = useMemo(() => ({ ...FIRST_PAGE, ...scopeVariables(scope) }), [scope]);
  const feed = useFeedQuery(ExploreFeedDocument, 'explore', variables, !currentUser);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Explore New Content</h1>
      <p className="mb-6 mt-1 text-gray-600">Discover posts from new people you aren't following yet.</p>
      <CampusScopeSwitch campus={campus} scope={scope} onChange={setScope} listing="posts" />
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <PostFeed
          {...feed}
          name="Explore"
          empty={<FeedEmptyState title="No new posts to explore." hint="Check back later for new content!" />}
        />
      )}
    </div>
  );
}
