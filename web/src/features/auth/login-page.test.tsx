import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { signInWithEmailAndPassword } from 'firebase/auth';
import LoginPage from './login-page';
import { signInWithGoogle } from '../../shared/session/google-sign-in';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';
import type { CurrentUser } from '../../shared/session/auth-context';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({ signInWithEmailAndPassword: jest.fn() }));
jest.mock('../../shared/session/google-sign-in', () => ({ signInWithGoogle: jest.fn() }));

const signInMock = signInWithEmailAndPassword as jest.Mock;

function renderLogin(currentUser: CurrentUser | null = null, clearRefusal = jest.fn()) {
  const view = (user: CurrentUser | null, refusal: string | null = null) => (
    <WithAuth value={authState({ currentUser: user, refusal, clearRefusal })}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Home feed</p>} />
        </Routes>
      </MemoryRouter>
    </WithAuth>
  );
  const result = render(view(currentUser));
  return {
    user: userEvent.setup(),
    rerender: (user: CurrentUser | null, refusal: string | null = null) => result.rerender(view(user, refusal)),
  };
}

beforeEach(() => signInMock.mockReset());

describe('Login screen', () => {
  it('validates without the browser and clears errors while typing', async () => {
    const { user } = renderLogin();
    expect(screen.getByText('Welcome Back!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your Password'), 'x');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderLogin();
    const password = screen.getByLabelText('Your Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show your password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide your password' })).toHaveTextContent('Hide');
  });

  it("shows 'Signing in...' and then the banner for bad credentials", async () => {
    let reject: (error: unknown) => void = () => undefined;
    signInMock.mockReturnValue(new Promise((_resolve, rejectPromise) => (reject = rejectPromise)));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Your Email Address'), 'ada@uni.example');
    await user.type(screen.getByLabelText('Your Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();

    reject(Object.assign(new Error('bad'), { code: 'auth/invalid-credential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    await user.type(screen.getByLabelText('Your Email Address'), 'm');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to / once the signed-in user is published', async () => {
    signInMock.mockResolvedValue({ user: { uid: 'student-a' } });
    const { user, rerender } = renderLogin();
    await user.type(screen.getByLabelText('Your Email Address'), 'ada@uni.example');
    await user.type(screen.getByLabelText('Your Password'), 'Secret!Pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signInMock).toHaveBeenCalledWith({}, 'ada@uni.example', 'Secret!Pass1');
    rerender(authState().currentUser);
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
  });

  it('links to password reset and sign-up', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forget your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('a new Google account a restricted deployment refuses: the reason is shown and the screen is usable again (issue 25)', async () => {
    (signInWithGoogle as jest.Mock).mockResolvedValue({ user: { uid: 'google-uid' } });
    const clearRefusal = jest.fn();
    const { user, rerender } = renderLogin(null, clearRefusal);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(clearRefusal).toHaveBeenCalled();
    // The auth state synced the account, heard the refusal, signed out and says why.
    rerender(null, 'Please use your university e-mail address.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please use your university e-mail address.');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
  });
});
