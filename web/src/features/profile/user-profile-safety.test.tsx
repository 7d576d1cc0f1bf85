// Issue 14 on another student's profile: Block (with confirmation), Mute/Unmute, and the profile
// of someone either side blocked.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { gql } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import {
  BlockUserDocument,
  ModerationLogDocument,
  ModerationTeamDocument,
  MuteUserDocument,
  ProfileMutedUsersDocument,
  SetModeratorDocument,
  UnmuteUserDocument,
  UserProfileDocument,
} from '../../graphql/graphql';
import { dismissFlashToast } from '../../shared/components/flash-toast';
import { abilitiesMock, authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import UserProfilePage from './user-profile-page';
import { userCan } from '../../shared/lib/testing/post-fixtures';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const sam = {
  __typename: 'User',
  id: 'sam',
  displayName: 'Sam Student',
  photoURL: null,
  photoSources: [],
};

const profileRequest = { query: UserProfileDocument, variables: { userId: 'sam', first: 12 } };

const profileMock: MockLink.MockedResponse = {
  request: profileRequest,
  result: {
    data: {
      user: {
        ...sam,
        bio: 'Chemistry.',
        interests: [],
        followerCount: 3,
        followingCount: 1,
        postCount: 0,
        isViewer: false,
        viewerIsFollowing: true,
        viewerCan: userCan(),
        posts: { __typename: 'PostConnection', edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
      },
    },
  },
};

const mutedMock = (mutedUsers: object[]): MockLink.MockedResponse => ({
  request: { query: ProfileMutedUsersDocument, variables: {} },
  result: { data: { mutedUsers } },
});

const call = (query: MockLink.MockedResponse['request']['query'], name: string, delay = 0): MockLink.MockedResponse => ({
  request: { query, variables: { userId: 'sam' } },
  result: { data: { [name]: true } },
  delay,
});

function renderProfile(mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <Routes>
      <Route path="/user/:userId" element={<UserProfilePage />} />
      <Route path="/" element={<p>Home feed</p>} />
    </Routes>,
    { mocks, route: '/user/sam' },
  );
}

const FEED = gql`
  query SeededFeed {
    homeFeed(first: 10) {
      edges {
        cursor
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  act(() => dismissFlashToast());
  jest.restoreAllMocks();
});

describe('Block', () => {
  it('asks first, then goes Home and says who was blocked; the cached feeds are dropped', async () => {
    const user = userEvent.setup();
    const { cache } = renderProfile([profileMock, mutedMock([]), call(BlockUserDocument, 'blockUser', 300)]);
    cache.writeQuery({
      query: FEED,
      data: {
        homeFeed: { __typename: 'PostConnection', edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sam Student' })).toBeInTheDocument();

    // Cancel leaves everything as it was.
    await user.click(screen.getByRole('button', { name: 'Block' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Block Sam Student?' });
    expect(dialog).toHaveTextContent(
      'They will not see your posts, comments or profile, and you will not see theirs. You will stop following each other.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sam Student' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block' }));
    dialog = screen.getByRole('alertdialog', { name: 'Block Sam Student?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).getByRole('button', { name: 'Blocking...' })).toBeDisabled();

    expect(await screen.findByText('Home feed', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Blocked Sam Student.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cache.readQuery({ query: FEED })).toBeNull();
  });

  it('keeps the dialog open with the server’s message when blocking fails', async () => {
    const user = userEvent.setup();
    renderProfile([
      profileMock,
      mutedMock([]),
      {
        request: { query: BlockUserDocument, variables: { userId: 'sam' } },
        result: { data: null, errors: [{ message: 'Too many requests. Please wait 30 seconds.', extensions: { code: 'RATE_LIMITED' } }] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Sam Student?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Please wait 30 seconds.');
    expect(within(dialog).getByRole('button', { name: 'Block' })).toBeEnabled();
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
  });
});

describe('Mute', () => {
  it('toggles Mute and Unmute with a message each time', async () => {
    const user = userEvent.setup();
    renderProfile([profileMock, mutedMock([]), call(MuteUserDocument, 'muteUser', 300), call(UnmuteUserDocument, 'unmuteUser')]);

    // Mute waits for the list of muted accounts; a click before it answers would do nothing.
    const muteButton = await screen.findByRole('button', { name: 'Mute' });
    await waitFor(() => expect(muteButton).toBeEnabled());
    await user.click(muteButton);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Unmute' }, { timeout: 3000 })).toBeEnabled();
    expect(await screen.findByText('Muted Sam Student. Their posts and comments will not appear in your feeds.')).toBeInTheDocument();
    // Muting needs no confirmation and the profile stays.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Chemistry.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeEnabled();
    expect(await screen.findByText('Unmuted Sam Student.')).toBeInTheDocument();
  });

  it('offers Unmute for someone already muted', async () => {
    renderProfile([profileMock, mutedMock([sam])]);
    expect(await screen.findByRole('button', { name: 'Unmute' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
  });
});

describe('a blocked account', () => {
  it("shows only 'This account is not available'", async () => {
    renderProfile([
      {
        request: profileRequest,
        result: { data: { user: null }, errors: [{ message: 'This account is not available', extensions: { code: 'NOT_FOUND' } }] },
      },
    ]);
    expect(await screen.findByText('This account is not available')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });
});

describe('an admin on a profile', () => {
  const role = abilitiesMock;
  const team = (moderators: object[]): MockLink.MockedResponse => ({
    request: { query: ModerationTeamDocument, variables: {} },
    result: { data: { moderators } },
  });
  const samAsModerator = {
    __typename: 'TeamMember',
    role: 'MODERATOR',
    user: { __typename: 'User', id: 'sam', displayName: 'Sam Student', photoURL: null },
    viewerCan: { __typename: 'TeamMemberViewerCan', changeModeratorRole: true },
  };

  it('makes the student a moderator after asking; the button then offers to remove them', async () => {
    const user = userEvent.setup();
    renderProfile([
      role('ADMIN'),
      profileMock,
      mutedMock([]),
      team([]),
      {
        request: { query: SetModeratorDocument, variables: { userId: 'sam', moderator: true, note: '' } },
        result: { data: { setModerator: true } },
      },
      team([samAsModerator]),
      { request: { query: ModerationLogDocument, variables: {} }, result: { data: { moderationLog: [] } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Make moderator' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make Sam Student a moderator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }));

    expect(await screen.findByText('Sam Student is now a moderator.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove moderator' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make moderator' })).not.toBeInTheDocument();
  });

  it('is not offered to a student or a moderator', async () => {
    for (const myRole of ['STUDENT', 'MODERATOR'] as const) {
      const { unmount } = renderProfile([role(myRole), profileMock, mutedMock([])]);
      expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByRole('button', { name: /moderator/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});
