import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { FollowUserDocument, UnfollowUserDocument } from '../../graphql/graphql';
import { rateLimitMessage } from '../../shared/lib/graphql-error';
import { useAuth } from '../../shared/session/auth-context';
import { Toast, useToast } from '../../shared/components/toast';

type FollowTarget = { id: string; viewerIsFollowing: boolean; viewerCan: { follow: boolean }; displayName?: string | null };

/**
 * Follow/Following toggle (spec §4 "Follow toggle"): disabled during the call; the server's
 * answer updates the target's count and flag in the cache; shown only where the api says the viewer may follow.
 */
export function FollowButton({ user, className = '' }: { user: FollowTarget; className?: string }) {
  const { currentUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [follow] = useMutation(FollowUserDocument);
  const [unfollow] = useMutation(UnfollowUserDocument);
  const toast = useToast();

  if (!currentUser || !user.viewerCan.follow) return null;

  async function toggle() {
    const following = user.viewerIsFollowing;
    setBusy(true);
    try {
      const options = {
        variables: { userId: user.id },
        update(cache: ApolloCache) {
          // The viewer's own following count changes too, and the feeds now hold other posts.
          const viewerId = cache.identify({ __typename: 'User', id: currentUser!.uid });
          if (viewerId) {
            cache.modify({
              id: viewerId,
              fields: {
                followingCount: (count) => (typeof count === 'number' ? Math.max(0, count + (following ? -1 : 1)) : count),
              },
            });
          }
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'homeFeed' });
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'explore' });
        },
      };
      if (following) await unfollow(options);
      else await follow(options);
      toast.showToast(following ? 'Successfully unfollowed user' : 'Successfully followed user', 'info');
    } catch (error) {
      console.error(following ? 'Failed to unfollow user' : 'Failed to follow user', error);
      toast.showToast(rateLimitMessage(error) ?? (following ? 'Failed to unfollow user' : 'Failed to follow user'));
    } finally {
      setBusy(false);
    }
  }

  const name = user.displayName || 'User';
  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={user.viewerIsFollowing}
        aria-label={`${user.viewerIsFollowing ? 'Following' : 'Follow'} ${name}`}
        className={`rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-60 ${
          user.viewerIsFollowing
            ? 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50'
            : 'bg-indigo-600 text-white hover:bg-indigo-700'
        } ${className}`}
      >
        {user.viewerIsFollowing ? 'Following' : 'Follow'}
      </button>
      <Toast message={toast.message} onDismiss={toast.dismiss} tone={toast.tone} />
    </>
  );
}

export default FollowButton;
