import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { ProfileSection } from './profile-section';
import { updateIdentityProfile } from './account-security';
import { useTusUpload } from '../../shared/lib/tus-upload';
import { UpdateAccountProfileDocument } from '../../graphql/graphql';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';

jest.mock('./account-security', () => ({ updateIdentityProfile: jest.fn() }));
jest.mock('../../shared/lib/tus-upload', () => ({ useTusUpload: jest.fn() }));

const identityMock = updateIdentityProfile as jest.MockedFunction<typeof updateIdentityProfile>;
const useTusUploadMock = useTusUpload as jest.MockedFunction<typeof useTusUpload>;

const catalogue = ['Music', 'Reading', 'Art'];
const viewer = {
  __typename: 'User' as const,
  id: 'student-a',
  displayName: 'Ada Student',
  photoURL: null,
  email: 'ada@uni.example',
  bio: 'Hi',
  interests: ['Music'],
  showOrganizations: true,
};

type UploadState = ReturnType<typeof useTusUpload>;
let upload: UploadState;

function profileMock(input: Record<string, unknown>, result: MockLink.MockedResponse['result']): MockLink.MockedResponse {
  return { request: { query: UpdateAccountProfileDocument, variables: { input } }, result };
}

function renderSection(mocks: MockLink.MockedResponse[]) {
  const refreshCurrentUser = jest.fn();
  const view = () => (
    <MockedProvider mocks={mocks}>
      <WithAuth value={authState({ refreshCurrentUser })}>
        <ProfileSection viewer={viewer} catalogue={catalogue} />
      </WithAuth>
    </MockedProvider>
  );
  const result = render(view());
  return { user: userEvent.setup({ applyAccept: false }), refreshCurrentUser, rerender: () => result.rerender(view()) };
}

beforeEach(() => {
  identityMock.mockReset().mockResolvedValue();
  upload = { start: jest.fn(), progress: 0, status: 'idle', mediaUrl: null, error: null, reset: jest.fn() };
  useTusUploadMock.mockImplementation(() => upload);
  global.URL.createObjectURL = jest.fn(() => 'blob:preview');
  global.URL.revokeObjectURL = jest.fn();
});

describe('Settings: profile', () => {
  it('shows the spec hints and the current values', () => {
    renderSection([]);
    expect(screen.getByText('JPEG, PNG or GIF. Max size 5MB.')).toBeInTheDocument();
    expect(screen.getByText('Let others know a bit about you.')).toBeInTheDocument();
    expect(screen.getByText('Select interests to help connect with like-minded individuals.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('Ada Student');
    expect(screen.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Art' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('refuses a non-image and an image over 5MB', async () => {
    const { user } = renderSection([]);
    const input = screen.getByTestId('profile-photo-input');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Please select an image file (JPEG, PNG, etc.)')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByText('Image size should be less than 5MB')).toBeInTheDocument();
  });

  it('saves name, bio and interests to Firebase and then to the api', async () => {
    const { user, refreshCurrentUser } = renderSection([
      profileMock(
        { displayName: 'Ada L', bio: 'Hi', interests: ['Music', 'Art'] },
        { data: { updateProfile: { ...viewer, displayName: 'Ada L', interests: ['Music', 'Art'] } } },
      ),
    ]);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Ada L');
    await user.click(screen.getByRole('button', { name: 'Art' }));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(identityMock).toHaveBeenCalledWith({ displayName: 'Ada L' });
    expect(refreshCurrentUser).toHaveBeenCalled();
  });

  it('uploads a chosen photo first, then updates Firebase and the api with its URL', async () => {
    const { user, rerender } = renderSection([
      profileMock(
        { displayName: 'Ada Student', bio: 'Hi', interests: ['Music'], photoURL: '/media/profile-images/a.png' },
        { data: { updateProfile: { ...viewer, photoURL: '/media/profile-images/a.png' } } },
      ),
    ]);
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('profile-photo-input'), photo);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'blob:preview');

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(upload.start).toHaveBeenCalledWith(photo);
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(identityMock).not.toHaveBeenCalled();

    upload = { ...upload, status: 'uploading', progress: 40 };
    rerender();
    expect(screen.getByRole('progressbar', { name: 'Profile picture upload' })).toHaveAttribute('aria-valuenow', '40');

    upload = { ...upload, status: 'complete', progress: 100, mediaUrl: '/media/profile-images/a.png' };
    rerender();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(identityMock).toHaveBeenCalledWith({
      displayName: 'Ada Student',
      photoURL: `${window.location.origin}/media/profile-images/a.png`,
    });
  });

  it('shows the upload failure and saves nothing', async () => {
    const { user, rerender } = renderSection([]);
    await user.upload(screen.getByTestId('profile-photo-input'), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    upload = { ...upload, status: 'error', error: 'Image size should be less than 5MB' };
    rerender();
    expect(await screen.findByRole('alert')).toHaveTextContent('Image size should be less than 5MB');
    expect(identityMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it("shows the server's message, or the fallbacks", async () => {
    const { user } = renderSection([
      profileMock({ displayName: 'Ada Student', bio: 'Hi', interests: ['Music'] }, { errors: [{ message: 'Bio is too long' } as never] }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bio is too long');

    identityMock.mockRejectedValueOnce('not an Error');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('An error occurred while updating your profile')).toBeInTheDocument();

    identityMock.mockRejectedValueOnce(new Error('network down'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('checks the username length before saving', async () => {
    const { user } = renderSection([]);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'A');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText('Please enter your full name (minimum 2 characters)')).toBeInTheDocument();
    expect(identityMock).not.toHaveBeenCalled();
  });

  it('refuses a name or bio holding control or text-direction characters by its field, in the words of the api, saving nothing', async () => {
    const { user } = renderSection([]);
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.paste('Ada\u202EtnedutS');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(username).toHaveAccessibleDescription('Display name cannot contain invisible text-direction characters');

    await user.clear(username);
    await user.paste('Ada\u0000Student');
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.paste('Physics\nChess\u0007');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(username).toHaveAccessibleDescription('Display name cannot contain control characters');
    expect(bio).toHaveAccessibleDescription(expect.stringContaining('Bio cannot contain control characters'));
    expect(identityMock).not.toHaveBeenCalled();
  });

  it('takes a name of any script with emoji and joiners, and a bio over several lines', async () => {
    const displayName = 'Zoë 山田 👩‍👩‍👧‍👦';
    const { user } = renderSection([
      profileMock(
        { displayName, bio: 'Physics\nChess', interests: ['Music'] },
        { data: { updateProfile: { ...viewer, displayName, bio: 'Physics\nChess' } } },
      ),
    ]);
    await user.clear(screen.getByLabelText('Username'));
    await user.paste(displayName);
    await user.clear(screen.getByLabelText('Bio'));
    await user.paste('Physics\nChess');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(identityMock).toHaveBeenCalledWith({ displayName });
  });
});
