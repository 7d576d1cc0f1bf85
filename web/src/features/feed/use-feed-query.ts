import { useCallback, useMemo } from 'react';
import { InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { PostCardFieldsFragment } from '../../graphql/graphql';

export type FeedEdge = { cursor: string; node: PostCardFieldsFragment };
export type FeedPageInfo = { hasNextPage: boolean; endCursor?: string | null };
export type FeedConnection = { edges: FeedEdge[]; pageInfo: FeedPageInfo };

/** What the feed's window (feed-window.ts) needs from the query that holds the list. */
export type FeedWindowStore = {
  /** Makes `edges` the feed's list in the cache, then frees the posts no list holds any more. */
  replace: (edges: FeedEdge[], pageInfo: FeedPageInfo) => void;
  /** `first` posts after the cursor `after`, fetched again without touching the list. */
  fetchChunk: (after: string | null, first: number) => Promise<FeedEdge[]>;
  /** Takes the list out of the cache without telling its query: its next reader fetches it afresh. */
  forget: () => void;
};

export type FeedQuery = {
  connection: FeedConnection | undefined;
  loading: boolean;
  error: unknown;
  /** Fetches the page after `endCursor`; Apollo's relay-style field policy appends it. */
  fetchNextPage: (endCursor: string) => Promise<unknown>;
  windowStore: FeedWindowStore;
};

type PageVariables = { first?: number | null; after?: string | null };

/** A feed query whose one root field is a connection of post cards (Home, Explore, a tag, Events). */
export function useFeedQuery<TData, TVariables extends PageVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  field: keyof TData & string,
  variables: TVariables,
  skip: boolean,
): FeedQuery {
  const client = useApolloClient();
  const { data, loading, error, fetchMore } = useQuery<TData, TVariables>(document, { variables, skip } as never);
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } as Partial<TVariables> }), [fetchMore]);

  const windowStore = useMemo<FeedWindowStore>(
    () => ({
      replace(edges, pageInfo) {
        const kept = new Set(edges.map((edge) => edge.node.id));
        const dropped: string[] = [];
        // Written without `after`: the relay-style policy takes it as the whole list.
        client.cache.updateQuery<TData, TVariables>({ query: document, variables }, (current) => {
          const connection = current?.[field] as FeedConnection | undefined;
          connection?.edges.forEach((edge) => {
            if (!kept.has(edge.node.id)) dropped.push(edge.node.id);
          });
          return current && connection ? ({ ...current, [field]: { ...connection, edges, pageInfo } } as TData) : current;
        });
        // A dropped post looked up on its own as well (`post(id)`: the player's clip, a card's
        // comments) would stay through that lookup, one more for every clip watched: it goes too.
        // Nothing shown reads it by then: its card and slide are far off screen.
        for (const id of dropped) client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'post', args: { id }, broadcast: false });
        // The dropped posts, and the memo of every read of them, go (the next read builds it again).
        if (client.cache instanceof InMemoryCache) client.cache.gc({ resetResultCache: true });
      },
      async fetchChunk(after, first) {
        const result = await client.query<TData, TVariables>({
          query: document,
          variables: { ...variables, first, after },
          fetchPolicy: 'no-cache',
        });
        const data = result.data as TData | undefined;
        return (data?.[field] as FeedConnection | undefined)?.edges ?? [];
      },
      forget() {
        // The field's other arguments (first, after) are not part of its key: `args` picks this list.
        client.cache.evict({ id: 'ROOT_QUERY', fieldName: field, args: variables, broadcast: false });
        client.cache.gc();
      },
    }),
    [client, document, field, variables],
  );

  const connection = (data as TData | undefined)?.[field] as FeedConnection | undefined;
  return { connection, loading, error, fetchNextPage, windowStore };
}
