// Sign-in (spec §2 "Login", §4 "Login", §5, §8 "Sign-in" and "Google sign-in").
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { AuthCard, GoogleButton, OrDivider } from './auth-card';
import { ErrorBanner, PasswordField, SubmitButton, TextField } from '../../shared/components/form-controls';
import { signInWithGoogle } from '../../shared/session/google-sign-in';
import type { FieldErrors, LoginForm, validateLogin } from './validation';
import { useNavigateWhenSignedIn } from './use-navigate-when-signed-in';
import { useAuth } from '../../shared/session/auth-context';
import { useDocumentTitle } from '../../shared/hooks/document-title';

// The error wording loads only when a sign-in fails, keeping it out of the JS the screen needs to paint.
const loadErrorMessages = () => import('./firebase-errors');
// So do the form's rules (@campus-clips/rules and its zod schemas, 8.5 kB): fetched once the screen
// has painted; until then an empty form is what the screen shows, and it is not ready anyway.
const loadRules = () => import('./validation');

const hasProblems = (errors: FieldErrors<string>) => Object.keys(errors).length > 0;

/**
 * Where to go once signed in: back to the page that sent the visitor here with `{ returnTo }` (a
 * post page's Like, Comment or sign-in prompt, D15), else Home. Only paths on this site.
 */
function returnPath(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/';
}

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof LoginForm>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A restricted deployment turning a new Google account away (issue 25): the auth state signed out
  // again and says why; this screen is no longer waiting.
  const { refusal, clearRefusal } = useAuth();
  const busy = submitting && !refusal;
  const awaitSignedIn = useNavigateWhenSignedIn(returnPath(useLocation().state));
  const [validate, setValidate] = useState<typeof validateLogin | null>(null);
  useEffect(() => {
    let live = true;
    void loadRules().then((rules) => {
      if (live) setValidate(() => rules.validateLogin);
    });
    return () => {
      live = false;
    };
  }, []);
  const formIsValid = validate ? !hasProblems(validate(form)) : false;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as keyof LoginForm;
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setError(null);
    clearRefusal();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { validateLogin } = await loadRules();
    const errors = validateLogin(form);
    setFieldErrors(errors);
    if (hasProblems(errors)) return;
    setSubmitting(true);
    setError(null);
    clearRefusal();
    try {
      const credential = await signInWithEmailAndPassword(auth, form.email.trim(), form.password);
      awaitSignedIn(credential.user.uid);
    } catch (signInError) {
      const { signInErrorMessage } = await loadErrorMessages();
      setError(signInErrorMessage(signInError));
      setSubmitting(false);
    }
  }

  async function handleGoogle() {
    setError(null);
    clearRefusal();
    setSubmitting(true);
    try {
      const credential = await signInWithGoogle();
      awaitSignedIn(credential.user.uid);
    } catch (googleError) {
      const { googleErrorMessage } = await loadErrorMessages();
      const message = googleErrorMessage(googleError, 'sign-in');
      if (message) setError(message);
      else console.info('Google sign-in cancelled', googleError);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard banner="Welcome Back!" bannerText="Sign in to catch up with your campus community.">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Sign in to Campus Clips</h1>
      <GoogleButton label="Continue with Google" onClick={handleGoogle} disabled={busy} />
      <OrDivider />
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <ErrorBanner message={error ?? refusal} />
        <TextField
          label="Your Email Address"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={handleChange}
          error={fieldErrors.email}
        />
        <PasswordField
          label="Your Password"
          name="password"
          autoComplete="current-password"
          value={form.password}
          onChange={handleChange}
          error={fieldErrors.password}
        />
        <div className="text-right">
          <Link to="/forgot-password" className="rounded text-sm font-medium text-indigo-700 hover:underline focus-ring">
            Forget your password?
          </Link>
        </div>
        <SubmitButton ready={formIsValid} busy={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className="rounded font-semibold text-indigo-700 hover:underline focus-ring">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
