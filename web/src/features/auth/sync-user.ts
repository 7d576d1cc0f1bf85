// The sync step (spec §4): create or refresh the signed-in user's profile record in our database.
// Apollo is imported on demand so the sign-in screens stay light.
import type { SyncUserInput, SyncedUserFieldsFragment } from '../../graphql/graphql';

export type SyncedUser = SyncedUserFieldsFragment;

export async function syncUserProfile(input: SyncUserInput): Promise<SyncedUser> {
  const [{ getApolloClient }, { SyncUserDocument }] = await Promise.all([
    import('../../app/apollo-instance'),
    import('../../graphql/graphql'),
  ]);
  const result = await getApolloClient().mutate({ mutation: SyncUserDocument, variables: { input } });
  if (!result.data) throw new Error('Failed to sync with database');
  return result.data.syncUser;
}

/** Readable text of whatever a failed call threw (Apollo errors, Firebase errors, anything). */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
