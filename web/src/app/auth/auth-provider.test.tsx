import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { onAuthStateChanged, signOut as firebaseSignOut } from 'firebase/auth';
import { auth } from '../../shared/session/firebase';
import { AuthProvider } from './auth-provider';
import { useAuth } from '../../shared/session/auth-context';
import { syncUserProfile } from '../../features/auth/sync-user';

jest.mock('../../shared/session/firebase', () => ({ auth: { currentUser: null } }));
jest.mock('../../shared/lib/apollo-instance', () => ({ resetApolloCache: jest.fn(async () => undefined) }));
jest.mock('../../features/auth/sync-user', () => ({ syncUserProfile: jest.fn() }));
jest.mock('firebase/auth', () => ({ onAuthStateChanged: jest.fn(), signOut: jest.fn() }));

const onAuthStateChangedMock = onAuthStateChanged as unknown as jest.Mock;
const syncMock = syncUserProfile as jest.MockedFunction<typeof syncUserProfile>;
const signOutMock = firebaseSignOut as unknown as jest.Mock;

let emit: (user: Partial<User> | null) => Promise<void>;

beforeEach(() => {
  window.localStorage.clear();
  syncMock.mockReset();
  signOutMock.mockReset().mockImplementation(async () => emit(null));
  onAuthStateChangedMock.mockReset().mockImplementation((_auth, listener) => {
    emit = async (user) => {
      await act(async () => {
        await listener(user);
      });
    };
    return () => undefined;
  });
});

function Probe() {
  const { currentUser, loading, profileStatus, signOut, applySyncedUser, refusal, reloadEmailVerified } = useAuth();
  const [answer, setAnswer] = useState<string>('not asked');
  return (
    <div>
      <p>{loading ? 'loading' : 'ready'}</p>
      <p>{currentUser ? `user:${currentUser.uid}:${currentUser.displayName}` : 'no user'}</p>
      <p>profile:{profileStatus}</p>
      <p>verified:{String(currentUser?.emailVerified)}</p>
      <p>refusal:{refusal ?? 'none'}</p>
      <p>answer:{answer}</p>
      <button type="button" onClick={() => void reloadEmailVerified().then((verified) => setAnswer(String(verified)))}>
        check verified
      </button>
      <button type="button" onClick={() => void signOut()}>
        sign out
      </button>
      <button type="button" onClick={() => applySyncedUser({ id: 'uid-123', dateOfBirth: '2001-01-01' })}>
        screen synced
      </button>
    </div>
  );
}

const firebaseUser = { uid: 'uid-123', displayName: 'Ada Student', photoURL: null, email: 'ada@uni.example' } as Partial<User>;

describe('AuthProvider', () => {
  it('starts loading, then reports a signed-out visitor', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await emit(null);
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(screen.getByText('no user')).toBeInTheDocument();
  });

  it('syncs a signed-in user before publishing it and remembers the uid (D2)', async () => {
    syncMock.mockResolvedValue({ id: 'uid-123', dateOfBirth: '2000-01-01', displayName: 'Ada', email: null, photoURL: null });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(firebaseUser);
    expect(syncMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText('user:uid-123:Ada Student')).toBeInTheDocument();
    expect(screen.getByText('profile:complete')).toBeInTheDocument();
    expect(window.localStorage.getItem('firebaseUid')).toBe('uid-123');
  });

  it('marks a profile without a date of birth as incomplete (D8)', async () => {
    syncMock.mockResolvedValue({ id: 'uid-123', dateOfBirth: null, displayName: 'Ada', email: null, photoURL: null });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(firebaseUser);
    expect(screen.getByText('profile:incomplete')).toBeInTheDocument();
  });

  it('still signs the user in when the sync fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    syncMock.mockRejectedValue(new Error('Connection failed'));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(firebaseUser);
    expect(screen.getByText('user:uid-123:Ada Student')).toBeInTheDocument();
    expect(screen.getByText('profile:unknown')).toBeInTheDocument();
  });

  it('removes the remembered uid on sign-out (D2)', async () => {
    syncMock.mockResolvedValue({ id: 'uid-123', dateOfBirth: '2000-01-01', displayName: 'Ada', email: null, photoURL: null });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(firebaseUser);
    expect(window.localStorage.getItem('firebaseUid')).toBe('uid-123');
    await act(async () => {
      screen.getByRole('button', { name: 'sign out' }).click();
    });
    await waitFor(() => expect(screen.getByText('no user')).toBeInTheDocument());
    expect(signOutMock).toHaveBeenCalled();
    expect(window.localStorage.getItem('firebaseUid')).toBeNull();
  });

  it("keeps a profile a screen confirmed complete when the context's slower sync answers later", async () => {
    let answerSync: (value: Awaited<ReturnType<typeof syncUserProfile>>) => void = () => undefined;
    syncMock.mockReturnValue(new Promise((resolve) => (answerSync = resolve)));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    const signingIn = emit(firebaseUser);
    await act(async () => {
      screen.getByRole('button', { name: 'screen synced' }).click();
    });
    answerSync({ id: 'uid-123', dateOfBirth: null, displayName: null, email: null, photoURL: null });
    await signingIn;
    expect(screen.getByText('profile:complete')).toBeInTheDocument();
  });

  it('signs out an address a restricted deployment refused, and says why (issue 25)', async () => {
    syncMock.mockRejectedValue(new Error('Please use your university e-mail address.'));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(firebaseUser);
    await waitFor(() => expect(screen.getByText('no user')).toBeInTheDocument());
    expect(signOutMock).toHaveBeenCalled();
    expect(screen.getByText('refusal:Please use your university e-mail address.')).toBeInTheDocument();
    expect(window.localStorage.getItem('firebaseUid')).toBeNull();

    // The next sign-in starts without the old refusal.
    syncMock.mockResolvedValue({ id: 'uid-123', dateOfBirth: '2000-01-01', displayName: 'Ada', email: null, photoURL: null });
    await emit(firebaseUser);
    expect(screen.getByText('refusal:none')).toBeInTheDocument();
  });

  it('reloadEmailVerified asks the provider again and takes a fresh token once verified, still signed in (issue 25)', async () => {
    syncMock.mockResolvedValue({ id: 'uid-123', dateOfBirth: '2000-01-01', displayName: 'Ada', email: null, photoURL: null });
    const getIdToken = jest.fn(async () => 'fresh-token');
    const reloadMock = jest.fn();
    const user = { ...firebaseUser, emailVerified: false, getIdToken, reload: reloadMock } as unknown as User;
    (auth as { currentUser: User | null }).currentUser = user;
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emit(user);
    expect(screen.getByText('verified:false')).toBeInTheDocument();

    reloadMock.mockResolvedValueOnce(undefined); // still not verified
    await act(async () => screen.getByRole('button', { name: 'check verified' }).click());
    expect(await screen.findByText('answer:false')).toBeInTheDocument();
    expect(getIdToken).not.toHaveBeenCalled();

    reloadMock.mockImplementationOnce(async () => {
      (user as { emailVerified: boolean }).emailVerified = true;
    });
    await act(async () => screen.getByRole('button', { name: 'check verified' }).click());
    expect(await screen.findByText('answer:true')).toBeInTheDocument();
    expect(getIdToken).toHaveBeenCalledWith(true);
    expect(screen.getByText('verified:true')).toBeInTheDocument();
    expect(screen.getByText('user:uid-123:Ada Student')).toBeInTheDocument();
    (auth as { currentUser: User | null }).currentUser = null;
  });
});
