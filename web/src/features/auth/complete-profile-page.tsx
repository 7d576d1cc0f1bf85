// D8: a signed-in user without a date of birth (typically a Google sign-up) gives it here once,
// under the same 17+ rule as sign-up, before the rest of the app opens.
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { CompleteProfileDocument } from '../../graphql/graphql';
import { errorMessage, fieldErrors as graphqlFieldErrors } from '../../shared/lib/graphql-error';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBanner, SubmitButton, TextField } from '../../shared/components/form-controls';
import { dateOfBirthProblem } from './signup-validation';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export default function CompleteProfilePage() {
  useDocumentTitle('Complete your profile');
  const { currentUser, applySyncedUser, signOut, profileStatus } = useAuth();
  // A date of birth, once given, is not re-entered here: a finished profile arriving here goes home.
  const [completeOnArrival] = useState(profileStatus === 'complete');
  const navigate = useNavigate();
  const location = useLocation();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [completeProfile, { loading }] = useMutation(CompleteProfileDocument);
  const from = (location.state as { from?: string } | null)?.from;

  if (completeOnArrival) return <Navigate to="/" replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = dateOfBirthProblem(dateOfBirth);
    setFieldError(problem);
    if (problem) return;
    setError(null);
    try {
      const result = await completeProfile({ variables: { dateOfBirth } });
      if (!result.data) throw new Error('Failed to update profile');
      applySyncedUser(result.data.updateProfile);
      navigate(from && from !== '/complete-profile' ? from : '/', { replace: true });
    } catch (saveError) {
      const serverFieldError = graphqlFieldErrors(saveError).dateOfBirth;
      if (serverFieldError) setFieldError(serverFieldError);
      else setError(errorMessage(saveError, 'Failed to update profile'));
    }
  }

  async function handleSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <div className="w-full max-w-md rounded-2xl bg-white px-6 py-8 shadow-lg md:px-8">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Complete your profile</h1>
      <p className="mb-6 text-sm text-slate-600">
        Welcome{currentUser?.displayName ? `, ${currentUser.displayName}` : ''}! Campus Clips is for students aged 17 or older. Please tell
        us your date of birth to finish setting up your account.
      </p>
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <ErrorBanner message={error} />
        <TextField
          label="Date of Birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          value={dateOfBirth}
          onChange={(event) => {
            setDateOfBirth(event.target.value);
            setFieldError(undefined);
            setError(null);
          }}
          error={fieldError}
        />
        <SubmitButton ready={!dateOfBirthProblem(dateOfBirth)} busy={loading}>
          {loading ? 'Saving...' : 'Save and Continue'}
        </SubmitButton>
      </form>
      <button
        type="button"
        onClick={handleSignOut}
        className="mt-6 w-full rounded text-center text-sm font-medium text-slate-600 hover:underline focus-ring"
      >
        Sign out
      </button>
    </div>
  );
}
