// Block, unblock, mute and unmute (issue 14) with what each changes in the Apollo cache, shared by
// the profile page (Block, Mute/Unmute) and Settings (the lists with Unblock and Unmute).
import { useCallback } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { BlockUserDocument, MuteUserDocument, UnblockUserDocument, UnmuteUserDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';

type ListField = 'blockedUsers' | 'mutedUsers';

/** Adds (first: the lists are most recent first) or removes someone in a cached blockedUsers/mutedUsers list. */
function updateList(cache: ApolloCache, field: ListField, userId: string, change: 'add' | 'remove') {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      [field](existing: unknown, { readField, toReference }) {
        if (!Array.isArray(existing)) return existing;
        const list = existing as Reference[];
        const others = list.filter((ref) => readField('id', ref) !== userId);
        if (change === 'remove') return others;
        const ref = toReference({ __typename: 'User', id: userId });
        return ref ? [ref, ...others] : existing;
      },
    },
  });
}

/**
 * The feeds, tag pages and comment threads are read again from the server the next time they
 * show: the person's posts and comments leave them (block, mute) or come back (unblock, unmute).
 * Nothing on the profile or Settings screens watches these fields, so nothing refetches at once.
 */
function forgetFeedsAndThreads(cache: ApolloCache) {
  for (const fieldName of ['homeFeed', 'explore', 'postsByTag']) cache.evict({ id: 'ROOT_QUERY', fieldName });
  for (const id of Object.keys(cache.extract() as Record<string, unknown>)) {
    if (id.startsWith('Post:')) cache.evict({ id, fieldName: 'comments' });
  }
}

/**
 * A block (or its end) also changes who appears in people lists, which posts open by id, and the
 * follows between the two (removed both ways by the server), so the viewer's counts and lists go too.
 */
function forgetPeopleAndFollows(cache: ApolloCache, viewerId: string | undefined) {
  for (const fieldName of ['post', 'searchUsers', 'suggestedUsers']) cache.evict({ id: 'ROOT_QUERY', fieldName });
  const viewer = viewerId ? cache.identify({ __typename: 'User', id: viewerId }) : undefined;
  if (viewer) {
    for (const fieldName of ['followerCount', 'followingCount', 'followers', 'following']) cache.evict({ id: viewer, fieldName });
  }
}

/** The four calls; each resolves when the server agreed and rejects with its error otherwise. */
export function useBlockMute() {
  const { currentUser } = useAuth();
  const viewerId = currentUser?.uid;
  const [blockMutation] = useMutation(BlockUserDocument);
  const [unblockMutation] = useMutation(UnblockUserDocument);
  const [muteMutation] = useMutation(MuteUserDocument);
  const [unmuteMutation] = useMutation(UnmuteUserDocument);

  const block = useCallback(
    async (userId: string) => {
      await blockMutation({
        variables: { userId },
        update(cache) {
          forgetFeedsAndThreads(cache);
          forgetPeopleAndFollows(cache, viewerId);
          const target = cache.identify({ __typename: 'User', id: userId });
          if (target) cache.modify({ id: target, fields: { viewerIsFollowing: () => false } });
          updateList(cache, 'blockedUsers', userId, 'add');
        },
      });
    },
    [blockMutation, viewerId],
  );

  const unblock = useCallback(
    async (userId: string) => {
      await unblockMutation({
        variables: { userId },
        update(cache) {
          forgetFeedsAndThreads(cache);
          forgetPeopleAndFollows(cache, viewerId);
          // Their profile answered 'This account is not available' until now: read it afresh.
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'user', args: { id: userId } });
          updateList(cache, 'blockedUsers', userId, 'remove');
        },
      });
    },
    [unblockMutation, viewerId],
  );

  const mute = useCallback(
    async (userId: string) => {
      await muteMutation({
        variables: { userId },
        update(cache) {
          forgetFeedsAndThreads(cache);
          updateList(cache, 'mutedUsers', userId, 'add');
        },
      });
    },
    [muteMutation],
  );

  const unmute = useCallback(
    async (userId: string) => {
      await unmuteMutation({
        variables: { userId },
        update(cache) {
          forgetFeedsAndThreads(cache);
          updateList(cache, 'mutedUsers', userId, 'remove');
        },
      });
    },
    [unmuteMutation],
  );

  return { block, unblock, mute, unmute };
}
