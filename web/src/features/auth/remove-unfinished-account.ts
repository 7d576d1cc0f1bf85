// A sign-up whose profile could not be saved must not leave an identity account behind: the
// student could neither use the app nor sign up again with that e-mail. So the new account is
// removed again and the form can simply be sent once more.
import { deleteUser, type User } from 'firebase/auth';
import { afterPendingSyncs } from './sync-user';

/**
 * Removes a just-created account and any profile row a sign-in sync made for it. Resolves true
 * when the identity account is gone, false when it could not be removed (e.g. offline).
 */
export function removeUnfinishedAccount(user: User): Promise<boolean> {
  // After pending syncs, so the auth context's own sync of the new user cannot recreate the row.
  return afterPendingSyncs(async () => {
    try {
      const [{ getApolloClient }, { RemoveUnfinishedAccountDocument }] = await Promise.all([
        import('../../shared/lib/apollo-instance'),
        import('../../graphql/graphql'),
      ]);
      await getApolloClient().mutate({ mutation: RemoveUnfinishedAccountDocument });
      return true; // the api deletes the identity account as well
    } catch (apiError) {
      console.info('The api could not remove the unfinished account; removing the identity account directly', apiError);
    }
    try {
      await deleteUser(user);
      return true;
    } catch (identityError) {
      console.error('Could not remove the unfinished account', identityError);
      return false;
    }
  });
}
