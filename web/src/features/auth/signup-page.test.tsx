import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createUserWithEmailAndPassword, updateProfile } from 'firebase/auth';
import SignupPage from './signup-page';
import { syncUserProfile } from './sync-user';
import { isNewAccount, signInWithGoogle } from '../../shared/session/google-sign-in';
import { removeUnfinishedAccount } from './remove-unfinished-account';
import { checkSignUpEmail } from './sign-up-check';
import { sendVerificationLink } from '../../shared/session/email-verification';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({ createUserWithEmailAndPassword: jest.fn(), updateProfile: jest.fn() }));
jest.mock('./sync-user', () => ({ syncUserProfile: jest.fn() }));
jest.mock('../../shared/session/google-sign-in', () => ({ signInWithGoogle: jest.fn(), isNewAccount: jest.fn() }));
jest.mock('./remove-unfinished-account', () => ({ removeUnfinishedAccount: jest.fn() }));
jest.mock('./sign-up-check', () => ({ checkSignUpEmail: jest.fn() }));
jest.mock('../../shared/session/email-verification', () => ({ sendVerificationLink: jest.fn() }));

const createUserMock = createUserWithEmailAndPassword as jest.Mock;
const updateProfileMock = updateProfile as jest.Mock;
const syncMock = syncUserProfile as jest.MockedFunction<typeof syncUserProfile>;
const googleMock = signInWithGoogle as jest.MockedFunction<typeof signInWithGoogle>;
const isNewAccountMock = isNewAccount as jest.MockedFunction<typeof isNewAccount>;
const removeMock = removeUnfinishedAccount as jest.MockedFunction<typeof removeUnfinishedAccount>;
const checkMock = checkSignUpEmail as jest.MockedFunction<typeof checkSignUpEmail>;
const sendLinkMock = sendVerificationLink as jest.MockedFunction<typeof sendVerificationLink>;
const REFUSED = 'Please use your university e-mail address.';

const newUser = { uid: 'new-uid', displayName: 'Grace Hopper', photoURL: 'https://photos.example/g.jpg' };

function renderSignup(currentUser = authState().currentUser, refusal: string | null = null) {
  const applySyncedUser = jest.fn();
  const signOut = jest.fn(async () => undefined);
  render(
    <WithAuth value={authState({ currentUser: currentUser && { ...currentUser, uid: 'new-uid' }, applySyncedUser, signOut, refusal })}>
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/" element={<p>Home feed</p>} />
        </Routes>
      </MemoryRouter>
    </WithAuth>,
  );
  return { user: userEvent.setup(), applySyncedUser, signOut };
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
  isNewAccountMock.mockReset().mockReturnValue(true);
  removeMock.mockReset();
  checkMock.mockReset().mockResolvedValue({ allowed: true, campusName: 'Example University' });
  sendLinkMock.mockReset().mockResolvedValue(undefined);
});

const savedUser = { id: 'new-uid', dateOfBirth: '2001-12-09', displayName: 'Grace Hopper', email: null, photoURL: null };

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

  it("removes the new account when its profile couldn't be saved, so sending the form again just works", async () => {
    createUserMock.mockResolvedValue({ user: newUser });
    syncMock.mockRejectedValueOnce(new Error('Too many requests. Please wait 30 seconds and try again.'));
    removeMock.mockResolvedValue(true);
    const { user, signOut } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Account created but profile couldn't be saved: Too many requests. Please wait 30 seconds and try again. " +
        'The new account was removed, so you can try again.',
    );
    expect(removeMock).toHaveBeenCalledWith(newUser);
    expect(signOut).toHaveBeenCalled();
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('grace@uni.example'); // nothing to type again

    syncMock.mockResolvedValueOnce(savedUser);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(createUserMock).toHaveBeenCalledTimes(2);
  });

  it('says how to finish the profile when the new account could not be removed either', async () => {
    createUserMock.mockResolvedValue({ user: newUser });
    syncMock.mockRejectedValue(new Error('Connection failed'));
    removeMock.mockResolvedValue(false);
    const { user, signOut } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Account created but profile couldn't be saved: Connection failed. Sign in to finish setting up your profile.",
    );
    expect(signOut).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('refuses a name the server would refuse before any account is created (one emoji is one character)', async () => {
    const { user } = renderSignup(null);
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Full Name'));
    await user.click(screen.getByLabelText('Full Name'));
    await user.paste('🎓');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter your full name (minimum 2 characters)')).toBeInTheDocument();
    expect(createUserMock).not.toHaveBeenCalled();
  });

  it('still saves the profile when naming the identity account fails, instead of leaving it without one', async () => {
    createUserMock.mockResolvedValue({ user: newUser });
    updateProfileMock.mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    syncMock.mockResolvedValue(savedUser);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(syncMock).toHaveBeenCalledWith({ displayName: 'Grace Hopper', dateOfBirth: '2001-12-09' });
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

  it("removes a Google account only when this sign-up created it and its profile couldn't be saved", async () => {
    googleMock.mockResolvedValue({ user: newUser } as never);
    syncMock.mockRejectedValue(new Error('Connection failed'));
    removeMock.mockResolvedValue(true);
    const { user } = renderSignup(null);
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The new account was removed, so you can try again.');
    expect(removeMock).toHaveBeenCalledWith(newUser);

    // A returning student's account is theirs to keep.
    removeMock.mockClear();
    isNewAccountMock.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(syncMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Account created but profile couldn't be saved: Connection failed$/);
    expect(removeMock).not.toHaveBeenCalled();
  });

  it("leaves out a Google name the server would refuse (a single emoji) so the sync can't fail on it", async () => {
    googleMock.mockResolvedValue({ user: { ...newUser, displayName: '🎓' } } as never);
    syncMock.mockResolvedValue(savedUser);
    const { user } = renderSignup();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(syncMock).toHaveBeenCalledWith({ displayName: undefined, photoURL: 'https://photos.example/g.jpg' });
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

  describe('campus identity (issue 25)', () => {
    it('asks the api first, and an address it refuses gets no account: the message is shown as it is', async () => {
      checkMock.mockResolvedValue({ allowed: false, message: REFUSED });
      const { user } = renderSignup(null);
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${REFUSED.replace('.', '\\.')}$`));
      expect(checkMock).toHaveBeenCalledWith('grace@uni.example');
      expect(createUserMock).not.toHaveBeenCalled();
      expect(syncMock).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
      await user.type(screen.getByLabelText('Full Name'), 's');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('sends the verification link once the profile is saved, before Home opens', async () => {
      createUserMock.mockResolvedValue({ user: newUser });
      syncMock.mockResolvedValue(savedUser);
      const { user } = renderSignup();
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByText('Home feed')).toBeInTheDocument();
      expect(sendLinkMock).toHaveBeenCalledWith(newUser);
      expect(syncMock.mock.invocationCallOrder[0]).toBeLessThan(sendLinkMock.mock.invocationCallOrder[0]);
    });

    it('a link that could not be sent does not undo the sign-up (Resend is in the banner)', async () => {
      createUserMock.mockResolvedValue({ user: newUser });
      syncMock.mockResolvedValue(savedUser);
      sendLinkMock.mockRejectedValue(Object.assign(new Error('limit'), { code: 'auth/too-many-requests' }));
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user } = renderSignup();
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByText('Home feed')).toBeInTheDocument();
      expect(removeMock).not.toHaveBeenCalled();
    });

    it('a Google account the server refuses is signed out with the message; the server already removed it', async () => {
      googleMock.mockResolvedValue({ user: newUser } as never);
      syncMock.mockRejectedValue(new Error(REFUSED));
      const { user, signOut } = renderSignup(null);
      await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${REFUSED.replace('.', '\\.')}$`));
      expect(signOut).toHaveBeenCalled();
      expect(removeMock).not.toHaveBeenCalled();
      expect(sendLinkMock).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
    });

    it('shows the refusal the auth state reported (it signed the refused account out itself)', () => {
      renderSignup(null, REFUSED);
      expect(screen.getByRole('alert')).toHaveTextContent(REFUSED);
    });
  });
});
