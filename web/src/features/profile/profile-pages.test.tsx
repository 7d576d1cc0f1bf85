import { makePost, OWN_POST_CAN, userCan } from '../../shared/lib/testing/post-fixtures';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import {
  FollowUserDocument,
  OwnProfileDocument,
  ProfileMutedUsersDocument,
  UnfollowUserDocument,
  UserOrganizationsDocument,
  UserProfileDocument,
} from '../../graphql/graphql';
import { authValue, renderWithApollo, testUser } from '../../shared/lib/testing/render-with-apollo';
import { emptyPage, makeOrganization } from '../../shared/lib/testing/organization-fixtures';
import OwnProfilePage from './own-profile-page';
import UserProfilePage from './user-profile-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

const emptyPosts = {
  __typename: 'PostConnection',
  edges: [],
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
};

function profile(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'User',
    id: 'someone',
    displayName: null,
    photoURL: null,
    photoSources: [],
    bio: null,
    interests: [],
    verified: false,
    campus: null,
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    isViewer: false,
    viewerIsFollowing: false,
    viewerCan: userCan(overrides.isViewer === true),
    posts: emptyPosts,
    ...overrides,
  };
}

beforeEach(() => {
  mockUseAuth.mockImplementation(() => authValue());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('own profile', () => {
  const ownMock = (viewer: object | null): MockLink.MockedResponse => ({
    request: { query: OwnProfileDocument, variables: { first: 12 } },
    result: { data: { viewer } },
  });

  it('shows every fallback of an empty profile', async () => {
    renderWithApollo(<OwnProfilePage />, {
      mocks: [ownMock({ ...profile({ id: testUser.uid, isViewer: true }), email: testUser.email, dateOfBirth: null })],
    });
    expect(await screen.findByRole('heading', { name: 'No name provided' })).toBeInTheDocument();
    expect(screen.getByText('No Photo')).toBeInTheDocument();
    expect(screen.getByText('Date of birth: Unknown')).toBeInTheDocument();
    expect(screen.getByText('No bio available.')).toBeInTheDocument();
    expect(screen.getByText('No interests listed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Posts' })).toBeInTheDocument();
    expect(screen.getByText('No posts yet.')).toBeInTheDocument();
  });

  it("shows the signed-in user's details and posts with their tags", async () => {
    const {
      author: _author,
      viewerHasLiked: _liked,
      ...post
    } = makePost('p1', {
      caption: 'Library at night',
      tags: ['study'],
      createdAt: '2026-11-01T10:00:00.000Z',
      viewerCan: OWN_POST_CAN,
    });
    renderWithApollo(<OwnProfilePage />, {
      mocks: [
        ownMock({
          ...profile({
            id: testUser.uid,
            isViewer: true,
            displayName: 'Vera Viewer',
            bio: 'Physics major.',
            interests: ['Physics', 'Music'],
            followerCount: 4,
            followingCount: 2,
            postCount: 1,
            posts: { ...emptyPosts, edges: [{ __typename: 'PostEdge', cursor: 'k', node: post }] },
          }),
          email: testUser.email,
          dateOfBirth: '2004-05-06',
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Vera Viewer' })).toBeInTheDocument();
    expect(screen.getByText(`Date of birth: ${new Date(2004, 4, 6).toLocaleDateString()}`)).toBeInTheDocument();
    expect(screen.getByText('Physics major.')).toBeInTheDocument();
    expect(screen.getByText('Music')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 Posts' })).toBeInTheDocument();
    expect(screen.getByText('Library at night')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#study' })).toHaveAttribute('href', '/tags/study');
  });

  it('says when there is no user data', async () => {
    renderWithApollo(<OwnProfilePage />, { mocks: [ownMock(null)] });
    expect(await screen.findByText('No user data available.')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    renderWithApollo(<OwnProfilePage />, {
      mocks: [{ request: { query: OwnProfileDocument, variables: { first: 12 } }, error: new Error('offline') }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user data.');
  });
});

describe("another user's profile", () => {
  const userMock = (user: object | null): MockLink.MockedResponse => ({
    request: { query: UserProfileDocument, variables: { userId: 'someone', first: 12 } },
    result: { data: { user } },
  });
  const renderAt = (mocks: MockLink.MockedResponse[]) =>
    renderWithApollo(
      <Routes>
        <Route path="/user/:userId" element={<UserProfilePage />} />
      </Routes>,
      { mocks, route: '/user/someone' },
    );

  it('toggles Follow/Following, disabled while the call runs, with the count from the server', async () => {
    const user = userEvent.setup();
    renderAt([
      userMock(profile({ followerCount: 0 })),
      { request: { query: ProfileMutedUsersDocument, variables: {} }, result: { data: { mutedUsers: [] } } },
      {
        request: { query: FollowUserDocument, variables: { userId: 'someone' } },
        result: { data: { follow: { __typename: 'User', id: 'someone', followerCount: 1, viewerIsFollowing: true } } },
        delay: 400, // long enough to see the button disabled on a slow machine
      },
      {
        request: { query: UnfollowUserDocument, variables: { userId: 'someone' } },
        result: { data: { unfollow: { __typename: 'User', id: 'someone', followerCount: 0, viewerIsFollowing: false } } },
        delay: 400, // long enough to see the button disabled on a slow machine
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'User' })).toBeInTheDocument();
    expect(screen.getByText('No bio available.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow User' }));
    expect(screen.getByRole('button', { name: 'Follow User' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Following User' }, { timeout: 3000 })).toBeEnabled();
    expect(screen.getByTestId('follower-count')).toHaveTextContent('1');
    expect(screen.getByText('Successfully followed user')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Following User' }));
    expect(await screen.findByRole('button', { name: 'Follow User' }, { timeout: 3000 })).toBeEnabled();
    expect(screen.getByTestId('follower-count')).toHaveTextContent('0');
  });

  it('shows the verified badge beside the name and the campus (issue 25); neither for an account without them', async () => {
    const { unmount } = renderAt([
      userMock(
        profile({ displayName: 'Vic Verified', verified: true, campus: { __typename: 'Campus', id: 'c1', name: 'Example University' } }),
      ),
    ]);
    const heading = await screen.findByRole('heading', { name: 'Vic Verified', level: 1 });
    expect(heading.parentElement).toContainElement(screen.getByRole('img', { name: 'Verified student' }));
    expect(screen.getByText('Example University')).toBeInTheDocument();
    expect(screen.getByText('Campus:')).toHaveClass('sr-only');
    unmount();

    renderAt([userMock(profile({ displayName: 'Nia New' }))]);
    expect(await screen.findByRole('heading', { name: 'Nia New', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified student' })).not.toBeInTheDocument();
    expect(screen.queryByText('Campus:')).not.toBeInTheDocument();
  });

  it('hides the toggle on one’s own profile', async () => {
    renderAt([userMock(profile({ isViewer: true, displayName: 'Vera Viewer' }))]);
    expect(await screen.findByRole('heading', { name: 'Vera Viewer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /back/i })).toBeInTheDocument();
  });

  it('says when the user does not exist, and when loading fails', async () => {
    const { unmount } = renderAt([userMock(null)]);
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    unmount();
    renderAt([{ request: { query: UserProfileDocument, variables: { userId: 'someone', first: 12 } }, error: new Error('offline') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user profile');
  });
});

describe('the organizations a student shows (issue 26)', () => {
  const userMock: MockLink.MockedResponse = {
    request: { query: UserProfileDocument, variables: { userId: 'someone', first: 12 } },
    result: { data: { user: profile({ displayName: 'Nia New' }) } },
  };
  const organizationsMock = (organizations: object[] | null): MockLink.MockedResponse => ({
    request: { query: UserOrganizationsDocument, variables: { userId: 'someone', first: 20 } },
    result: {
      data: {
        user: {
          __typename: 'User',
          id: 'someone',
          organizations: organizations && {
            __typename: 'OrganizationConnection',
            edges: organizations.map((node, index) => ({ __typename: 'OrganizationEdge', cursor: `o${index}`, node })),
            pageInfo: emptyPage,
          },
        },
      },
    },
  });
  const renderProfile = (mocks: MockLink.MockedResponse[]) =>
    renderWithApollo(
      <Routes>
        <Route path="/user/:userId" element={<UserProfilePage />} />
      </Routes>,
      { mocks, route: '/user/someone' },
    );

  it('lists them, each with its page, when the student shows them', async () => {
    renderProfile([
      userMock,
      organizationsMock([makeOrganization({ viewerRole: null }), makeOrganization({ id: 'org-2', slug: 'film', name: 'Film Club' })]),
    ]);
    const section = await screen.findByRole('heading', { name: 'Organizations' });
    const list = screen.getByRole('list', { name: 'Organizations' });
    expect(section).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Chess Club' })).toHaveAttribute('href', '/org/chess-club');
    expect(within(list).getByRole('link', { name: 'Film Club' })).toHaveAttribute('href', '/org/film');
  });

  it('shows no section when they chose not to (the api answers null)', async () => {
    renderProfile([userMock, organizationsMock(null)]);
    expect(await screen.findByRole('heading', { name: 'Nia New' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Organizations' })).not.toBeInTheDocument();
  });
});
