import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequireAuth } from './require-auth';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';
import type { AuthContextValue } from '../../shared/session/auth-context';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));

function renderGuarded(value: AuthContextValue, redirectTo?: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Landing</p> },
      { path: '/login', element: <p>Login screen</p> },
      { path: '/welcome', element: <p>Custom target</p> },
      { path: '/complete-profile', element: <p>Complete your profile</p> },
      {
        path: '/settings',
        element: (
          <RequireAuth redirectTo={redirectTo}>
            <p>Secret settings</p>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: ['/', '/settings'], initialIndex: 1 },
  );
  render(
    <WithAuth value={value}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

describe('signed-in guard', () => {
  it("shows 'Loading...' while the auth state is loading", () => {
    renderGuarded(authState({ currentUser: null, loading: true }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Secret settings')).not.toBeInTheDocument();
  });

  it('redirects a signed-out visitor to /login, replacing the history entry', async () => {
    const router = renderGuarded(authState({ currentUser: null }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    // /settings was replaced, so going back lands on the page before it.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Landing')).toBeInTheDocument();
  });

  it('honours a configured redirect target', async () => {
    const router = renderGuarded(authState({ currentUser: null }), '/welcome');
    expect(await screen.findByText('Custom target')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
  });

  it('shows the screen to a signed-in user', () => {
    renderGuarded(authState());
    expect(screen.getByText('Secret settings')).toBeInTheDocument();
  });

  it('sends a user without a date of birth to complete their profile first (D8)', async () => {
    const router = renderGuarded(authState({ profileStatus: 'incomplete' }));
    expect(await screen.findByText('Complete your profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/complete-profile');
  });
});
