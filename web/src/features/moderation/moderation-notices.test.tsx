// Issue 14: what the moderators told the viewer shows on Home until they dismiss it, and stays dismissed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { HomeFeedDocument, ModerationNoticesDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { makeConnection } from '../../shared/lib/testing/post-fixtures';
import { authValue, renderWithApollo, testUser } from '../../shared/lib/testing/render-with-apollo';
import HomePage from '../feed/home-page';
import { dismissedNoticesKey } from './moderation-notices';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const removed = {
  __typename: 'ModerationNotice',
  id: 'n2',
  message: 'A moderator removed your post: Graphic violence',
  createdAt: '2026-11-20T12:00:00.000Z',
};
const warned = {
  __typename: 'ModerationNotice',
  id: 'n1',
  message: 'A moderator warned you about your comment: Be kind',
  createdAt: '2026-11-19T12:00:00.000Z',
};

const noticesMock: MockLink.MockedResponse = {
  request: { query: ModerationNoticesDocument, variables: {} },
  result: { data: { moderationNotices: [removed, warned] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderHome() {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection([], false) } });
  return renderWithApollo(<HomePage />, { mocks: [noticesMock], cache });
}

beforeEach(() => window.localStorage.clear());

describe('moderation notices on Home', () => {
  it('shows each notice until it is dismissed, and remembers the dismissal', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHome();

    const banner = await screen.findByRole('status', { name: 'Messages from the moderators' });
    expect(within(banner).getByText('A moderator removed your post: Graphic violence')).toBeInTheDocument();
    expect(within(banner).getByText('A moderator warned you about your comment: Be kind')).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Dismiss: A moderator removed your post: Graphic violence' }));
    expect(screen.queryByText('A moderator removed your post: Graphic violence')).not.toBeInTheDocument();
    expect(screen.getByText('A moderator warned you about your comment: Be kind')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(dismissedNoticesKey(testUser.uid)) ?? '[]')).toEqual(['n2']);

    // Back on Home later: only the notice not yet dismissed.
    unmount();
    renderHome();
    expect(await screen.findByText('A moderator warned you about your comment: Be kind')).toBeInTheDocument();
    expect(screen.queryByText('A moderator removed your post: Graphic violence')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss: A moderator warned you about your comment: Be kind' }));
    expect(screen.queryByRole('status', { name: 'Messages from the moderators' })).not.toBeInTheDocument();
    expect(screen.getByText('No posts from people you follow yet.')).toBeInTheDocument();
  });
});
