// D13: a real password-reset screen. Firebase sends the reset e-mail; we say so. An unknown
// address gets the same answer, so the screen does not reveal who has an account.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { sendPasswordResetEmail } from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { ErrorBanner, SubmitButton, SuccessBanner, TextField } from '../../shared/components/form-controls';
import { authMessages, errorCode } from './firebase-errors';
import { isValidEmail, messages } from './validation';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setFieldError(messages.email);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await sendPasswordResetEmail(auth, address);
      setSentTo(address);
    } catch (resetError) {
      const code = errorCode(resetError);
      if (code === 'auth/user-not-found') setSentTo(address);
      else if (code === 'auth/invalid-email') setFieldError(messages.email);
      else if (code === 'auth/network-request-failed') setError(authMessages.network);
      else if (code === 'auth/too-many-requests') setError('Too many requests. Please wait a moment and try again.');
      else setError('Failed to send the reset email. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="w-full max-w-md rounded-2xl bg-white px-6 py-8 shadow-lg md:px-8">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Reset your password</h1>
      <p className="mb-6 text-sm text-slate-600">
        Enter the e-mail address you signed up with and we&apos;ll send you a link to choose a new password.
      </p>
      {sentTo ? (
        <SuccessBanner message={`Password reset email sent to ${sentTo}. Follow the instructions in the email to choose a new password.`} />
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <ErrorBanner message={error} />
          <TextField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
              setError(null);
            }}
            error={fieldError}
          />
          <SubmitButton ready={isValidEmail(email)} busy={sending}>
            {sending ? 'Sending...' : 'Send Reset Link'}
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="rounded font-semibold text-indigo-700 hover:underline focus-ring">
          Back to Sign in
        </Link>
      </p>
    </div>
  );
}
