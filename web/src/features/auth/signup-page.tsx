// Registration (spec §2 "Sign-up", §4 "Sign-up (e-mail)" and "Google sign-up", §5, §8).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { createUserWithEmailAndPassword, updateProfile, type User } from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { useAuth } from '../../shared/session/auth-context';
import { AuthCard, GoogleButton, OrDivider } from './auth-card';
import { ErrorBanner, PasswordField, SubmitButton, TextField } from '../../shared/components/form-controls';
import { googleErrorMessage, signUpErrorMessage, syncFailureMessage, unfinishedSignUpMessage } from './firebase-errors';
import { isNewAccount, signInWithGoogle } from '../../shared/session/google-sign-in';
import { removeUnfinishedAccount } from './remove-unfinished-account';
import { syncUserProfile } from './sync-user';
import { checkSignUpEmail } from './sign-up-check';
import { sendVerificationLink } from '../../shared/session/email-verification';
import { CAMPUS_MESSAGES } from '../../shared/lib/campus-messages';
import { acceptableDisplayName } from '@campus-clips/rules';
import { validateSignup, type SignupForm } from './signup-validation';
import { hasErrors, type FieldErrors } from './validation';
import { useNavigateWhenSignedIn } from './use-navigate-when-signed-in';
import { useDocumentTitle } from '../../shared/hooks/document-title';

const emptyForm: SignupForm = { fullName: '', email: '', password: '', confirmPassword: '', dateOfBirth: '' };

export default function SignupPage() {
  useDocumentTitle('Create Account');
  const { applySyncedUser, refreshCurrentUser, signOut, refusal, clearRefusal } = useAuth();
  const [form, setForm] = useState<SignupForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof SignupForm>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const awaitSignedIn = useNavigateWhenSignedIn('/');
  const formIsValid = !hasErrors(validateSignup(form));

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as keyof SignupForm;
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setError(null);
    clearRefusal();
  }

  /**
   * Steps 4-5 of spec §4: save the profile record, then go home or explain what went wrong. An
   * account this sign-up just created is not left without a profile: it is removed again. A new
   * e-mail account is sent its verification link (issue 25) before Home opens with the banner.
   */
  async function syncThenContinue(user: User, createdNow: boolean, input: Parameters<typeof syncUserProfile>[0], sendVerification = false) {
    try {
      const synced = await syncUserProfile(input);
      applySyncedUser(synced);
      if (sendVerification) {
        // A link that failed to go out is not a failed sign-up: the banner's Resend asks again.
        await sendVerificationLink(user).catch((sendError: unknown) => console.warn('Could not send the verification link', sendError));
      }
      refreshCurrentUser();
      awaitSignedIn(user.uid);
    } catch (syncError) {
      const message = syncError instanceof Error ? syncError.message : 'Unknown error';
      // A restricted deployment refused the address (a Google account off every campus) and removed
      // the identity account itself; the auth state may already have signed out over that refusal.
      if (message === CAMPUS_MESSAGES.universityEmail || auth.currentUser === null) {
        await signOut().catch(() => undefined);
        setError(message === CAMPUS_MESSAGES.universityEmail ? message : null);
        setSubmitting(false);
        return;
      }
      if (createdNow) {
        const removed = await removeUnfinishedAccount(user);
        await signOut().catch(() => undefined); // the form stays filled in for the next try
        setError(unfinishedSignUpMessage(message, removed));
      } else {
        setError(syncFailureMessage(message));
      }
      setSubmitting(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateSignup(form);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setSubmitting(true);
    setError(null);
    clearRefusal();
    const displayName = form.fullName.trim();
    const email = form.email.trim();
    // Issue 25: the api says first whether this deployment takes the address, so a refused one
    // never gets an identity account.
    const check = await checkSignUpEmail(email);
    if (!check.allowed) {
      setError(check.message);
      setSubmitting(false);
      return;
    }
    let user: User;
    try {
      const credential = await createUserWithEmailAndPassword(auth, email, form.password);
      user = credential.user;
    } catch (signUpError) {
      setError(signUpErrorMessage(signUpError));
      setSubmitting(false);
      return;
    }
    try {
      await updateProfile(user, { displayName });
    } catch (nameError) {
      // The profile record gets the name from the sync below; the identity name is cosmetic.
      console.warn('Could not set the display name on the identity account', nameError);
    }
    await syncThenContinue(user, true, { displayName, dateOfBirth: form.dateOfBirth.trim() }, true);
  }

  async function handleGoogle() {
    setError(null);
    clearRefusal();
    setSubmitting(true);
    let credential;
    try {
      credential = await signInWithGoogle();
    } catch (googleError) {
      const message = googleErrorMessage(googleError, 'sign-up');
      if (message) setError(message);
      else console.info('Google sign-up cancelled', googleError);
      setSubmitting(false);
      return;
    }
    const { user } = credential;
    // Only a name the api accepts (D10: 2-50 characters); otherwise it keeps the token's own.
    await syncThenContinue(user, isNewAccount(credential), {
      displayName: acceptableDisplayName(user.displayName),
      photoURL: user.photoURL ?? undefined,
    });
  }

  return (
    <AuthCard
      banner="Join Our Community"
      bannerText="Share campus moments, discover events and follow the people who make your university."
    >
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Create Account</h1>
      <GoogleButton label="Sign up with Google" onClick={handleGoogle} disabled={submitting} />
      <OrDivider />
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <ErrorBanner message={error ?? refusal} />
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          value={form.fullName}
          onChange={handleChange}
          error={fieldErrors.fullName}
        />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={handleChange}
          error={fieldErrors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={handleChange}
          error={fieldErrors.password}
          hint="At least 8 characters with 1 uppercase letter and 1 symbol (! @ # $ % ^ & *)."
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={handleChange}
          error={fieldErrors.confirmPassword}
        />
        <TextField
          label="Date of Birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          value={form.dateOfBirth}
          onChange={handleChange}
          error={fieldErrors.dateOfBirth}
        />
        <p className="text-sm text-slate-600">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="rounded font-medium text-indigo-700 hover:underline focus-ring">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="rounded font-medium text-indigo-700 hover:underline focus-ring">
            Privacy Policy
          </Link>
          .
        </p>
        <SubmitButton ready={formIsValid} busy={submitting}>
          {submitting ? 'Creating Account...' : 'Create Account'}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="rounded font-semibold text-indigo-700 hover:underline focus-ring">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
