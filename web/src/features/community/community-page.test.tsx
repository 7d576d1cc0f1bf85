import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { FollowUserDocument, SearchPeopleDocument, SuggestedPeopleDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo, viewerCampusMock } from '../../shared/lib/testing/render-with-apollo';
import CommunityPage from './community-page';
import { userCan } from '../../shared/lib/testing/post-fixtures';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

const person = (id: string, displayName: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'User',
  id,
  displayName,
  photoURL: null,
  bio: null,
  interests: ['Music'],
  verified: false,
  campus: null,
  followerCount: 0,
  isViewer: false,
  viewerIsFollowing: false,
  viewerCan: userCan(overrides.isViewer === true),
  ...overrides,
});

const suggestions = (people: object[]): MockLink.MockedResponse => ({
  request: { query: SuggestedPeopleDocument, variables: { first: 8 } },
  result: { data: { suggestedUsers: people } },
});

const search = (query: string, people: object[], scope?: 'ALL'): MockLink.MockedResponse => ({
  request: { query: SearchPeopleDocument, variables: { query, first: 20, ...(scope ? { scope } : {}) } },
  result: {
    data: {
      searchUsers: {
        __typename: 'UserConnection',
        edges: people.map((node, i) => ({ __typename: 'UserEdge', cursor: `k${i}`, node })),
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
});

beforeEach(() => mockUseAuth.mockImplementation(() => authValue()));

describe('community directory (D12)', () => {
  it('suggests people who share the viewer’s interests, each with Follow', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CommunityPage />, {
      mocks: [
        suggestions([person('u1', 'Maya Music')]),
        {
          request: { query: FollowUserDocument, variables: { userId: 'u1' } },
          result: { data: { follow: { __typename: 'User', id: 'u1', followerCount: 1, viewerIsFollowing: true } } },
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Maya Music' })).toHaveAttribute('href', '/user/u1');
    await user.click(screen.getByRole('button', { name: 'Follow Maya Music' }));
    expect(await screen.findByRole('button', { name: 'Following Maya Music' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('1 follower')).toBeInTheDocument();
  });

  it('finds people by name, without a Follow button for oneself', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CommunityPage />, {
      mocks: [
        suggestions([]),
        search('sam', [person('u2', 'Sam Rivers'), person('viewer-1', 'Sam Viewer', { isViewer: true })]),
        search('zzz', []),
      ],
    });
    await user.type(screen.getByLabelText('Search people by name'), 'sam');
    expect(await screen.findByRole('link', { name: 'Sam Rivers' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Sam Rivers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sam Viewer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow Sam Viewer' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search people by name'));
    await user.type(screen.getByLabelText('Search people by name'), 'zzz');
    expect(await screen.findByText('No people match “zzz”.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('lets a signed-out visitor search, and sends Follow to sign-in', async () => {
    const user = userEvent.setup();
    mockUseAuth.mockImplementation(() => authValue(null));
    renderWithApollo(<CommunityPage />, { mocks: [search('sam', [person('u2', 'Sam Rivers')])] });
    expect(screen.getByText('Sign in to see students who share your interests.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search people by name'), 'sam');
    expect(await screen.findByText('Sam Rivers', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Follow Sam Rivers/ })).toHaveAttribute('href', '/login');
  });

  describe('campus first (issue 25)', () => {
    const campus = { id: 'c1', name: 'Example University', shortName: 'EXU' };

    it("searches the viewer's campus first; 'All campuses' searches everyone and goes into the address", async () => {
      const user = userEvent.setup();
      const here = person('u3', 'Sam Here', { verified: true, campus: { __typename: 'Campus', ...campus } });
      const elsewhere = person('u4', 'Sam Elsewhere', {
        campus: { __typename: 'Campus', id: 'c2', name: 'Other College', shortName: 'OC' },
      });
      const { container } = renderWithApollo(<CommunityPage />, {
        mocks: [viewerCampusMock(campus), suggestions([]), search('sam', [here]), search('sam', [here, elsewhere], 'ALL')],
      });
      const mine = await screen.findByRole('button', { name: 'Your campus' });
      expect(mine).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('Showing people from Example University.')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Search people by name'), 'sam');
      expect(await screen.findByRole('link', { name: 'Sam Here' }, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sam Elsewhere' })).not.toBeInTheDocument();
      // The badge is an image with its own name, beside the person's name (not a colour alone).
      const row = screen.getByRole('link', { name: 'Sam Here' }).closest('li')!;
      expect(row.querySelector('[role="img"][aria-label="Verified student"]')).not.toBeNull();
      expect(row).toHaveTextContent('EXU');

      await user.click(await screen.findByRole('button', { name: 'All campuses' }));
      expect(screen.getByRole('button', { name: 'All campuses' })).toHaveAttribute('aria-pressed', 'true');
      expect(await screen.findByRole('link', { name: 'Sam Elsewhere' })).toBeInTheDocument();
      const elsewhereRow = screen.getByRole('link', { name: 'Sam Elsewhere' }).closest('li')!;
      expect(elsewhereRow.querySelector('[aria-label="Verified student"]')).toBeNull();
      expect(container).toBeInTheDocument();
    });

    it('shows no switch to a viewer without a campus', async () => {
      renderWithApollo(<CommunityPage />, { mocks: [suggestions([])] });
      expect(await screen.findByText('No suggestions yet. Add interests in Settings to find people like you.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Your campus' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'All campuses' })).not.toBeInTheDocument();
    });
  });
});
