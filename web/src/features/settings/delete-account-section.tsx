// D3: Danger zone. Deleting needs the word DELETE typed, then re-authentication (password, or the
// Google popup for Google accounts); the api then removes everything the user owns.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { DeleteAccountDocument } from '../../graphql/graphql';
import { errorMessage } from '../../shared/lib/graphql-error';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBanner, PasswordField, TextField } from '../../shared/components/form-controls';
import { googleErrorMessage, passwordChangeErrorMessage } from '../auth';
import { deleteIdentityAccount, reauthenticate } from './account-security';
import { SettingsSection } from './settings-section';

export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function DeleteAccountSection({ usesPassword }: { usesPassword: boolean }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [deleteAccount] = useMutation(DeleteAccountDocument);
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirmed = confirmation.trim() === DELETE_CONFIRMATION_WORD;

  async function handleDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    if (usesPassword && !password) {
      setPasswordError('Current password is required');
      return;
    }
    setError(null);
    setDeleting(true);
    try {
      await reauthenticate(usesPassword ? password : null);
    } catch (authError) {
      if (usesPassword) {
        const failure = passwordChangeErrorMessage(authError);
        if (failure.field) setPasswordError(failure.message);
        else setError(failure.message);
      } else {
        setError(googleErrorMessage(authError, 'sign-in'));
      }
      setDeleting(false);
      return;
    }
    try {
      await deleteAccount();
    } catch (deleteError) {
      setError(errorMessage(deleteError, 'Failed to delete account. Please try again.'));
      setDeleting(false);
      return;
    }
    await deleteIdentityAccount();
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <SettingsSection id="danger-zone-heading" title="Danger Zone" tone="danger">
      <p className="mb-4 text-sm text-slate-700">
        Deleting your account removes your profile, posts and their videos, likes, comments, follows and calendar events. This cannot be
        undone.
      </p>
      {!open ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="rounded-md bg-red-600 px-5 py-2.5 font-semibold text-white hover:bg-red-700 focus-ring"
        >
          Delete Account
        </button>
      ) : (
        <form noValidate onSubmit={handleDelete} className="space-y-4">
          <ErrorBanner message={error} />
          <TextField
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            name="confirmation"
            autoComplete="off"
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.target.value);
              setError(null);
            }}
          />
          {usesPassword ? (
            <PasswordField
              label="Password to confirm"
              name="deletePassword"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
                setError(null);
              }}
              error={passwordError}
            />
          ) : (
            <p className="text-sm text-slate-600">You will be asked to sign in with Google again to confirm.</p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              disabled={!confirmed || deleting}
              className="rounded-md bg-red-600 px-5 py-2.5 font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:bg-red-300 focus-ring"
            >
              {deleting ? 'Deleting...' : 'Delete My Account'}
            </button>
            <button
              type="button"
              disabled={deleting}
              onClick={() => {
                setOpen(false);
                setConfirmation('');
                setPassword('');
                setPasswordError(undefined);
                setError(null);
              }}
              className="rounded-md border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 focus-ring"
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
