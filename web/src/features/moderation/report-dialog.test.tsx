// Issue 14: the Report button on other people's posts, comments and profiles, and the report dialog it opens.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { Route, Routes } from 'react-router-dom';
import {
  BlockUserDocument,
  CommentAddedDocument,
  HomeFeedDocument,
  PostCommentsDocument,
  ProfileMutedUsersDocument,
  ReportDocument,
  UserProfileDocument,
} from '../../graphql/graphql';
import { dismissFlashToast } from '../../shared/components/flash-toast';
import { createCache } from '../../shared/lib/apollo';
import { commentCan, makeConnection, makePost, OWN_COMMENT_CAN, OWN_POST_CAN, userCan } from '../../shared/lib/testing/post-fixtures';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import HomePage from '../feed/home-page';
import UserProfilePage from '../profile/user-profile-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const THANKS = 'Thank you for telling us. Our moderators will review it. You can also block this account.';

function renderFeed(mocks: MockLink.MockedResponse[], posts = [makePost('p1')]) {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection(posts, false) } });
  return renderWithApollo(<HomePage />, { mocks, cache });
}

const reportRequest = (reason: string, details?: string) => ({
  query: ReportDocument,
  variables: { input: { targetType: 'POST', targetId: 'p1', reason, ...(details ? { details } : {}) } },
});

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => dismissFlashToast());
  jest.restoreAllMocks();
});

describe('Report on a post', () => {
  it('is offered on other people’s posts only', async () => {
    renderFeed(
      [],
      [
        makePost('p1'),
        makePost('mine', { author: { ...makePost('mine').author, id: testUser.uid, displayName: 'Vera' }, viewerCan: OWN_POST_CAN }),
      ],
    );
    const [theirs, mine] = await screen.findAllByRole('article');
    expect(within(theirs).getByRole('button', { name: 'Report post' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });

  it('needs a reason, counts and limits the details, then thanks and offers to block', async () => {
    const user = userEvent.setup();
    renderFeed([
      {
        request: reportRequest('HARASSMENT', 'Mean comments about my friend'),
        result: { data: { report: { __typename: 'ReportReceipt', message: THANKS } } },
      },
      { request: { query: BlockUserDocument, variables: { userId: 'author-of-p1' } }, result: { data: { blockUser: true } } },
      // Blocking drops the cached feeds: Home asks again, and their post is gone.
      { request: { query: HomeFeedDocument, variables: { first: 10 } }, result: { data: { homeFeed: makeConnection([], false) } } },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    // The dialog's module loads on the first press.
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    for (const label of ['Spam', 'Harassment or bullying', 'Sexual content', 'Violence', 'Self-harm', 'Hate', 'Other']) {
      expect(within(dialog).getByRole('radio', { name: label })).not.toBeChecked();
    }
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();

    // The count follows the typing, and nothing beyond 1,000 characters is taken.
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    expect(within(dialog).getByText('0 / 1,000 characters')).toBeInTheDocument();
    await user.click(details);
    await user.paste('x'.repeat(1005));
    expect(details).toHaveValue('x'.repeat(1000));
    expect(within(dialog).getByText('1,000 / 1,000 characters')).toBeInTheDocument();
    await user.clear(details);
    await user.type(details, 'Mean comments about my friend');
    expect(within(dialog).getByText('29 / 1,000 characters')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block Author p1' }));

    expect(await screen.findByText('Blocked Author p1.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No posts from people you follow yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('Cancel closes without sending, and Done closes after the thank-you', async () => {
    const user = userEvent.setup();
    renderFeed([{ request: reportRequest('SPAM'), result: { data: { report: { __typename: 'ReportReceipt', message: THANKS } } } }]);

    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Report' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report post' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    // A fresh dialog: nothing chosen from before.
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('holds 1,000 emoji (characters, not UTF-16 units) and refuses hidden direction characters before sending', async () => {
    const user = userEvent.setup();
    // No response is mocked: a report sent would fail with a general error instead.
    renderFeed([]);
    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    await user.click(details);
    await user.paste('🎬'.repeat(1001));
    expect(details).toHaveValue('🎬'.repeat(1000));
    expect(within(dialog).getByText('1,000 / 1,000 characters')).toBeInTheDocument();

    await user.clear(details);
    await user.paste('Look\u202Ehere');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // api/test/api/shared-rules.test.ts: the api refuses the same details with the same sentence.
    expect(details).toHaveAccessibleDescription(expect.stringContaining('Details cannot contain invisible text-direction characters'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(THANKS)).not.toBeInTheDocument();
  });

  it('shows the server’s field error under Details and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderFeed([
      {
        request: reportRequest('OTHER', 'Too long, the server says'),
        result: {
          data: null,
          errors: [
            {
              message: 'Details must be at most 1,000 characters',
              extensions: { code: 'BAD_USER_INPUT', fields: { details: 'Details must be at most 1,000 characters' } },
            },
          ],
        },
      },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    await user.type(details, 'Too long, the server says');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('Details must be at most 1,000 characters')).toBeInTheDocument();
    expect(details).toHaveAccessibleDescription(expect.stringContaining('Details must be at most 1,000 characters'));
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveValue('Too long, the server says');
    expect(within(dialog).queryByText(THANKS)).not.toBeInTheDocument();
  });

  it('says why when the report is refused without a field to put it under', async () => {
    const user = userEvent.setup();
    renderFeed([
      {
        request: reportRequest('SPAM'),
        result: {
          data: null,
          errors: [
            {
              message: 'You cannot report yourself.',
              extensions: { code: 'BAD_USER_INPUT', fields: { targetId: 'You cannot report yourself.' } },
            },
          ],
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot report yourself.');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });
});

describe('Report on a comment', () => {
  const comment = (id: string, text: string, authorId: string, displayName: string) => ({
    __typename: 'Comment',
    id,
    text,
    mentions: [],
    createdAt: '2026-11-21T09:00:00.000Z',
    author: { __typename: 'User', id: authorId, displayName, photoURL: null },
    viewerCan: authorId === testUser.uid ? OWN_COMMENT_CAN : commentCan(),
  });

  it('is offered on other people’s comments and reports that comment', async () => {
    const user = userEvent.setup();
    renderFeed([
      {
        request: { query: PostCommentsDocument, variables: { postId: 'p1', first: 20 } },
        result: {
          data: {
            post: {
              __typename: 'Post',
              id: 'p1',
              commentCount: 2,
              viewerCan: { __typename: 'PostViewerCan', comment: true },
              comments: {
                __typename: 'CommentConnection',
                edges: [
                  { __typename: 'CommentEdge', cursor: 'k1', node: comment('c1', 'Rude words', 'ann', 'Ann') },
                  { __typename: 'CommentEdge', cursor: 'k2', node: comment('c2', 'My own words', testUser.uid, 'Vera') },
                ],
                pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'k2' },
              },
            },
          },
        },
      },
      // The live comment stream delivers nothing new here.
      { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, result: { data: { commentAdded: null } } },
      {
        request: {
          query: ReportDocument,
          variables: { input: { targetType: 'COMMENT', targetId: 'c1', reason: 'HARASSMENT' } },
        },
        result: { data: { report: { __typename: 'ReportReceipt', message: THANKS } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: /comments/i }));
    await screen.findByText('Rude words');
    const [theirs, mine] = screen.getAllByTestId('comment');
    expect(within(mine).queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();

    await user.click(within(theirs).getByRole('button', { name: 'Report comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Block Ann' })).toBeInTheDocument();
  });
});

describe('Report on a profile', () => {
  const sam = { __typename: 'User', id: 'sam', displayName: 'Sam Student', verified: true, photoURL: null, photoSources: [] };

  it('reports the account beside Block and Mute; blocking from the thank-you leaves for Home', async () => {
    const user = userEvent.setup();
    renderWithApollo(
      <Routes>
        <Route path="/user/:userId" element={<UserProfilePage />} />
        <Route path="/" element={<p>Home feed</p>} />
      </Routes>,
      {
        route: '/user/sam',
        mocks: [
          {
            request: { query: UserProfileDocument, variables: { userId: 'sam', first: 12 } },
            result: {
              data: {
                user: {
                  ...sam,
                  bio: '',
                  interests: [],
                  followerCount: 0,
                  followingCount: 0,
                  postCount: 0,
                  isViewer: false,
                  viewerIsFollowing: false,
                  viewerCan: userCan(),
                  posts: {
                    __typename: 'PostConnection',
                    edges: [],
                    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
                  },
                },
              },
            },
          },
          { request: { query: ProfileMutedUsersDocument, variables: {} }, result: { data: { mutedUsers: [] } } },
          {
            request: {
              query: ReportDocument,
              variables: { input: { targetType: 'USER', targetId: 'sam', reason: 'OTHER', details: 'Pretends to be the dean' } },
            },
            result: { data: { report: { __typename: 'ReportReceipt', message: THANKS } } },
          },
          { request: { query: BlockUserDocument, variables: { userId: 'sam' } }, result: { data: { blockUser: true } } },
        ],
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Report account' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(within(dialog).getByText('Why are you reporting this account?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Pretends to be the dean');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Block Sam Student' }));

    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(await screen.findByText('Blocked Sam Student.')).toBeInTheDocument();
  });
});
