import { useEffect } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { MyPostUpdatedDocument, PostMediaDocument, PostMediaFieldsFragmentDoc } from '../../graphql/graphql';

/** How often a post still processing is asked for again, should a live update have been missed. */
export const PROCESSING_RECHECK_MS = 5_000;

/**
 * Keeps the signed-in student's processing posts (these ids) up to date: live over
 * `myPostUpdated` (each update lands in Apollo's cache by id, so the cards re-render), and asked
 * again every few seconds while any is processing, because an update sent before the subscription
 * was open (or while the socket reconnected) is not sent again.
 */
export function useMyPostUpdates(processingIds: readonly string[]): void {
  const active = processingIds.length > 0;
  useSubscription(MyPostUpdatedDocument, { skip: !active });
  const client = useApolloClient();
  const key = processingIds.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    const recheck = () => {
      for (const id of ids) void askAgain(client, id).catch(() => undefined);
    };
    const timer = setInterval(recheck, PROCESSING_RECHECK_MS);
    return () => clearInterval(timer);
  }, [client, key]);
}

/**
 * Asks for a processing post again and keeps the answer unless the live update made the post
 * ready (or failed) while it was on its way: a post's video only moves on, and an answer read
 * before that would put 'Processing…' back over a video already playing.
 */
async function askAgain(client: ApolloClient, id: string): Promise<void> {
  const { data } = await client.query({ query: PostMediaDocument, variables: { id }, fetchPolicy: 'no-cache' });
  const cached = client.readFragment({ id: client.cache.identify({ __typename: 'Post', id }), fragment: PostMediaFieldsFragmentDoc });
  if (data?.post?.status === 'PROCESSING' && cached && cached.status !== 'PROCESSING') return;
  client.writeQuery({ query: PostMediaDocument, variables: { id }, data: data! });
}
