// The app's single Apollo Client, created on first use so the Apollo bundle loads only with the
// screens (or the sync step) that need it, never before the login screen paints.
import type { ApolloClient } from '@apollo/client';
import { createApolloClient } from './apollo';
import { auth } from '../session/firebase';

let client: ApolloClient | null = null;

export function getApolloClient(): ApolloClient {
  client ??= createApolloClient(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
  return client;
}

/** Forget every cached result (a different user signed in, or the account was deleted). */
export async function resetApolloCache(): Promise<void> {
  if (client) await client.clearStore();
}
