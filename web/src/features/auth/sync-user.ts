// The sync step (spec §4): create or refresh the signed-in user's profile record in our database.
// Apollo is imported on demand so the sign-in screens stay light.
import type { SyncUserInput, SyncedUserFieldsFragment } from '../../graphql/graphql';

export type SyncedUser = SyncedUserFieldsFragment;

// Syncs run one after another: the auth context and the sign-up screen both sync a new user, and
// two concurrent first syncs would race to create the same record.
let queue: Promise<unknown> = Promise.resolve();

/** Resolves with the stored profile; rejects with an Error whose message is fit to show. */
export function syncUserProfile(input: SyncUserInput): Promise<SyncedUser> {
  const next = queue.then(() => runSync(input));
  queue = next.catch(() => undefined);
  return next;
}

async function runSync(input: SyncUserInput): Promise<SyncedUser> {
  const [{ getApolloClient }, { SyncUserDocument }, { errorMessage }] = await Promise.all([
    import('../../app/apollo-instance'),
    import('../../graphql/graphql'),
    import('../../lib/graphql-error'),
  ]);
  try {
    const result = await getApolloClient().mutate({ mutation: SyncUserDocument, variables: { input } });
    if (!result.data) throw new Error('Failed to sync with database');
    return result.data.syncUser;
  } catch (error) {
    // Spec §8: the server's message when it sent one, 'Connection failed' when it could not be reached.
    throw new Error(errorMessage(error, 'Connection failed'));
  }
}
