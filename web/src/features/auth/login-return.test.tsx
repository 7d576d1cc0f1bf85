import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { signInWithEmailAndPassword } from 'firebase/auth';
import LoginPage from './login-page';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';
import type { CurrentUser } from '../../shared/session/auth-context';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({ signInWithEmailAndPassword: jest.fn() }));
jest.mock('../../shared/session/google-sign-in', () => ({ signInWithGoogle: jest.fn() }));

const signInMock = signInWithEmailAndPassword as jest.Mock;

/** /login reached from a post page's Like, Comment or sign-in prompt, which pass `{ returnTo }` (D15). */
function renderLogin(returnTo: unknown) {
  const view = (user: CurrentUser | null) => (
    <WithAuth value={authState({ currentUser: user })}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { returnTo } }]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/post/:id" element={<p>The shared post</p>} />
          <Route path="/" element={<p>Home feed</p>} />
        </Routes>
      </MemoryRouter>
    </WithAuth>
  );
  const result = render(view(null));
  return { user: userEvent.setup(), signedIn: () => result.rerender(view(authState().currentUser)) };
}

async function signIn(returnTo: unknown) {
  signInMock.mockResolvedValue({ user: { uid: 'student-a' } });
  const { user, signedIn } = renderLogin(returnTo);
  await user.type(screen.getByLabelText('Your Email Address'), 'ada@uni.example');
  await user.type(screen.getByLabelText('Your Password'), 'Secret!Pass1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  signedIn();
}

describe('Login from a post page', () => {
  it('goes back to the post once signed in', async () => {
    await signIn('/post/p1');
    expect(await screen.findByText('The shared post')).toBeInTheDocument();
  });

  it.each([['//evil.example/post/p1'], ['/\\evil.example'], ['https://evil.example/'], [42]])(
    'goes Home for a return address that is not a path on this site (%p)',
    async (returnTo) => {
      await signIn(returnTo);
      expect(await screen.findByText('Home feed')).toBeInTheDocument();
    },
  );
});
