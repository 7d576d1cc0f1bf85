// The subscriptions' link (graphql-ws over one WebSocket), loaded by apollo.ts with the first
// subscription so the screens' first paint does not wait for it.
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';

export function createWsLink(url: string, connectionParams: () => Promise<{ authorization?: string }>): GraphQLWsLink {
  return new GraphQLWsLink(createClient({ url, lazy: true, retryAttempts: 5, connectionParams }));
}
