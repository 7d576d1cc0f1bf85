// The sync step (spec §4): create or refresh the signed-in user's profile record in our database.
// Apollo is imported on demand so the sign-in screens stay light.
import type { SyncUserInput, SyncedUserFieldsFragment } from '../../graphql/graphql';

export type SyncedUser = SyncedUserFieldsFragment;

// Syncs run one after another: the auth context and the sign-up screen both sync a new user, and
// two concurrent first syncs would race to create the same record.
let queue: Promise<unknown> = Promise.resolve();

/** Resolves with the stored profile; rejects with an Error whose message is fit to show. */
export function syncUserProfile(input: SyncUserInput): Promise<SyncedUser> {
  return afterPendingSyncs(() => runSync(input));
}

/** Runs `task` once every sync already asked for has finished, so none can land after it. */
export function afterPendingSyncs<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task);
  queue = next.catch(() => undefined);
  return next;
}

async function runSync(input: SyncUserInput): Promise<SyncedUser> {
  const [{ getApolloClient }, { SyncUserDocument }, { callErrorMessage }] = await Promise.all([
    import('../../shared/lib/apollo-instance'),
    import('../../graphql/graphql'),
    import('../../shared/lib/graphql-error'),
  ]);
  try {
    const result = await getApolloClient().mutate({ mutation: SyncUserDocument, variables: { input } });
    if (!result.data) throw new Error('Failed to sync with database');
    return result.data.syncUser;
  } catch (error) {
    // Spec §8's call wrapper: the server's message when it sent one, the §7 default when it
    // answered without one, 'Connection failed' when it could not be reached.
    throw new Error(
      callErrorMessage(error, {
        unreachable: 'Connection failed',
        noMessage: 'Failed to sync with database',
        otherwise: 'Connection failed',
      }),
      { cause: error },
    );
  }
}
