import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createUserWithEmailAndPassword, updateProfile } from 'firebase/auth';
import SignupPage from './signup-page';
import { syncUserProfile } from './sync-user';
import { signInWithGoogle } from './google-sign-in';
import { authState, WithAuth } from '../../app/auth/test-auth-state';

jest.mock('../../app/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({ createUserWithEmailAndPassword: jest.fn(), updateProfile: jest.fn() }));
jest.mock('./sync-user', () => ({ syncUserProfile: jest.fn() }));
jest.mock('./google-sign-in', () => ({ signInWithGoogle: jest.fn() }));

const createUserMock = createUserWithEmailAndPassword as jest.Mock;
const updateProfileMock = updateProfile as jest.Mock;
const syncMock = syncUserProfile as jest.MockedFunction<typeof syncUserProfile>;
const googleMock = signInWithGoogle as jest.MockedFunction<typeof signInWithGoogle>;

const newUser = { uid: 'new-uid', displayName: 'Grace Hopper', photoURL: 'https://photos.example/g.jpg' };

function renderSignup(currentUser = authState().currentUser) {
  const applySyncedUser = jest.fn();
  render(
    <WithAuth value={authState({ currentUser: currentUser && { ...currentUser, uid: 'new-uid' }, applySyncedUser })}>
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/" element={<p>Home feed</p>} />
        </Routes>
      </MemoryRouter>
    </WithAuth>,
  );
  return { user: userEvent.setup(), applySyncedUser };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email Address'), 'grace@uni.example');
  await user.type(screen.getByLabelText('Password'), 'Cobol!1959');
  await user.type(screen.getByLabelText('Confirm Password'), 'Cobol!1959');
  await user.type(screen.getByLabelText('Date of Birth'), '2001-12-09');
}

beforeEach(() => {
  createUserMock.mockReset();
  updateProfileMock.mockReset().mockResolvedValue(undefined);
  syncMock.mockReset();
  googleMock.mockReset();
});

describe('Sign-up screen', () => {
  it('shows every field error on submit and clears one as its field is typed in', async () => {
    const { user } = renderSignup(null);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter your full name (minimum 2 characters)')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('You must be at least 17 years old to sign up')).toBeInTheDocument();
    expect(createUserMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Full Name'), 'G');
    expect(screen.queryByText('Please enter your full name (minimum 2 characters)')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('creates the account, names it, syncs the profile and goes home', async () => {
    createUserMock.mockResolvedValue({ user: newUser });
    syncMock.mockResolvedValue({ id: 'new-uid', dateOfBirth: '2001-12-09', displayName: 'Grace Hopper', email: null, photoURL: null });
    const { user, applySyncedUser } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(createUserMock).toHaveBeenCalledWith({}, 'grace@uni.example', 'Cobol!1959');
    expect(updateProfileMock).toHaveBeenCalledWith(newUser, { displayName: 'Grace Hopper' });
    expect(syncMock).toHaveBeenCalledWith({ displayName: 'Grace Hopper', dateOfBirth: '2001-12-09' });
    expect(applySyncedUser).toHaveBeenCalledWith(expect.objectContaining({ dateOfBirth: '2001-12-09' }));
  });

  it("stays and explains when the profile couldn't be saved", async () => {
    createUserMock.mockResolvedValue({ user: newUser });
    syncMock.mockRejectedValue(new Error('Connection failed'));
    const { user } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Account created but profile couldn't be saved: Connection failed");
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows the Firebase banner and clears it when the user types', async () => {
    createUserMock.mockRejectedValue(Object.assign(new Error('exists'), { code: 'auth/email-already-in-use' }));
    const { user } = renderSignup(null);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered. Please sign in instead.');
    await user.type(screen.getByLabelText('Full Name'), 's');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Creating Account...' while busy", async () => {
    createUserMock.mockReturnValue(new Promise(() => undefined));
    const { user } = renderSignup(null);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('signs up with Google and syncs the name and photo', async () => {
    googleMock.mockResolvedValue({ user: newUser } as never);
    syncMock.mockResolvedValue({ id: 'new-uid', dateOfBirth: null, displayName: 'Grace Hopper', email: null, photoURL: null });
    const { user } = renderSignup();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(syncMock).toHaveBeenCalledWith({ displayName: 'Grace Hopper', photoURL: 'https://photos.example/g.jpg' });
  });

  it('says nothing when the Google popup is closed, and explains a blocked one', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    googleMock.mockRejectedValueOnce(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }));
    const { user } = renderSignup(null);
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    googleMock.mockRejectedValueOnce(Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' }));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-up popup was blocked by your browser. Please enable popups for this site.',
    );
  });
});
