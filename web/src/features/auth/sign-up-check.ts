// The sign-up check (issue 25, D16): before the identity account is made, the api says whether this
// deployment takes the address (a restricted one takes only campus domains). Apollo is imported on
// demand, as for the sync step, so the sign-up screen stays light.
import { authMessages } from './firebase-errors';

export type SignUpCheckResult = { allowed: true; campusName: string | null } | { allowed: false; message: string };

export async function checkSignUpEmail(email: string): Promise<SignUpCheckResult> {
  const [{ getApolloClient }, { SignUpCheckDocument }, { callErrorMessage }] = await Promise.all([
    import('../../shared/lib/apollo-instance'),
    import('../../graphql/graphql'),
    import('../../shared/lib/graphql-error'),
  ]);
  try {
    const result = await getApolloClient().query({ query: SignUpCheckDocument, variables: { email }, fetchPolicy: 'no-cache' });
    const check = result.data?.signUpCheck;
    if (!check) return { allowed: false, message: authMessages.signUpFailed };
    if (!check.allowed) return { allowed: false, message: check.message || authMessages.signUpFailed };
    return { allowed: true, campusName: check.campus?.name ?? null };
  } catch (error) {
    return {
      allowed: false,
      message: callErrorMessage(error, {
        unreachable: authMessages.network,
        noMessage: authMessages.signUpFailed,
        otherwise: authMessages.signUpFailed,
      }),
    };
  }
}
