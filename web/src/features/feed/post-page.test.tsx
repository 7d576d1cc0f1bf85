import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { CommentAddedDocument, DeletePostDocument, PostCommentsDocument, PostPageDocument } from '../../graphql/graphql';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { dismissFlashToast } from '../../shared/components/flash-toast';
import { commentCan, makePost, OWN_POST_CAN } from '../../shared/lib/testing/post-fixtures';
import PostPage from './post-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  mockUseAuth.mockImplementation(() => authValue());
});

const comment = {
  __typename: 'Comment',
  id: 'c1',
  text: 'Love this view',
  mentions: [],
  createdAt: '2026-11-21T10:00:00.000Z',
  author: { __typename: 'User', id: 'u-2', displayName: 'Sam Rivers', photoURL: null },
  viewerCan: commentCan(),
};

function mocks(post: ReturnType<typeof makePost> | null): MockLink.MockedResponse[] {
  return [
    { request: { query: PostPageDocument, variables: { id: 'p1' } }, result: { data: { post } } },
    {
      request: { query: PostCommentsDocument, variables: { postId: 'p1', first: 20 } },
      result: {
        data: {
          post: {
            __typename: 'Post',
            id: 'p1',
            commentCount: 1,
            viewerCan: { __typename: 'PostViewerCan', comment: true },
            comments: {
              __typename: 'CommentConnection',
              edges: [{ __typename: 'CommentEdge', cursor: 'k1', node: comment }],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'k1' },
            },
          },
        },
      },
    },
    { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, delay: Infinity, maxUsageCount: 10 },
  ];
}

/** Where a link took the visitor, and the state it carried. */
function LoginProbe() {
  const location = useLocation();
  return <p>Login screen, back to {(location.state as { returnTo?: string } | null)?.returnTo ?? 'nowhere'}</p>;
}

function renderPage(post: ReturnType<typeof makePost> | null) {
  return renderWithApollo(
    <Routes>
      <Route path="/post/:id" element={<PostPage />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { mocks: mocks(post), route: '/post/p1' },
  );
}

const sunset = () => makePost('p1', { caption: 'Sunset over the quad', commentCount: 1, likeCount: 5 });

describe('post page (/post/:id, D15)', () => {
  it('shows a signed-in student the clip with its comments open, ready to like and comment', async () => {
    renderPage(sunset());
    const card = await screen.findByRole('article', { name: 'Author p1' });
    expect(within(card).getByText('Sunset over the quad')).toBeInTheDocument();
    expect(within(card).getByLabelText('Video by Author p1')).toBeInTheDocument();
    expect(await within(card).findByText('Love this view')).toBeInTheDocument();
    expect(within(card).getByPlaceholderText('Add a comment...')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like (5 likes)' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Comments (1)' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('button', { name: 'Share post' })).toBeInTheDocument();
    expect(screen.queryByText('Sign in to like or comment on this clip.')).not.toBeInTheDocument();
    expect(document.title).toBe('Clip by Author p1 · Campus Clips');
  });

  it('shows a signed-out visitor the clip and its comments, with a prompt to sign in to like or comment', async () => {
    mockUseAuth.mockImplementation(() => authValue(null));
    // The api answers a visitor that they may do nothing to it.
    renderPage({ ...sunset(), viewerCan: { __typename: 'PostViewerCan', delete: false, report: false } });
    const card = await screen.findByRole('article', { name: 'Author p1' });
    expect(screen.getByText('Sign in to like or comment on this clip.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Video by Author p1')).toBeInTheDocument();
    expect(await within(card).findByText('Love this view')).toBeInTheDocument();
    // The spec's words, with 'sign in' as the link.
    expect(
      within(card).getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Please sign in to add a comment.'),
    ).toBeInTheDocument();
    expect(within(card).queryByPlaceholderText('Add a comment...')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^like/i })).not.toBeInTheDocument();
    for (const name of ['Sign in to like (5 likes)', 'Sign in to comment (1 comments)', 'sign in']) {
      expect(within(card).getByRole('link', { name })).toHaveAttribute('href', '/login');
    }
    expect(within(card).queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it.each([['Sign in to like (5 likes)'], ['Sign in to comment (1 comments)'], ['Sign in']])(
    'sends a signed-out visitor from “%s” to /login, which will bring them back here',
    async (name) => {
      mockUseAuth.mockImplementation(() => authValue(null));
      const user = userEvent.setup();
      renderPage(sunset());
      await screen.findByRole('article', { name: 'Author p1' });
      await user.click(screen.getAllByRole('link', { name })[0]!);
      expect(await screen.findByText('Login screen, back to /post/p1')).toBeInTheDocument();
    },
  );

  it.each([
    ['signed in', authValue()],
    ['signed out', authValue(null)],
  ])('says clearly when the post is not there or not for this viewer (%s)', async (_label, auth) => {
    mockUseAuth.mockImplementation(() => auth);
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('This post does not exist, has been deleted, or is not available to you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(document.title).toBe('Post not found · Campus Clips');
  });

  describe('deleting the post from its own page (issue 23)', () => {
    const mine = () =>
      makePost('p1', { caption: 'Sunset over the quad', author: { ...makePost('p1').author, id: testUser.uid }, viewerCan: OWN_POST_CAN });
    const deleted = { request: { query: DeletePostDocument, variables: { postId: 'p1' } }, result: { data: { deletePost: true } } };
    afterEach(() => dismissFlashToast());

    async function deleteIt() {
      const user = userEvent.setup();
      const card = await screen.findByRole('article', { name: 'Author p1' });
      await user.click(within(card).getByRole('button', { name: 'Delete post' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    }

    it("takes the student Home with 'Post deleted' when the page was the first they opened", async () => {
      renderWithApollo(
        <Routes>
          <Route path="/post/:id" element={<PostPage />} />
          <Route path="/" element={<p>Home screen</p>} />
        </Routes>,
        { mocks: [...mocks(mine()), deleted], route: '/post/p1' },
      );
      await deleteIt();
      expect(await screen.findByText('Home screen')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Post deleted');
      expect(screen.queryByText('Post not found')).not.toBeInTheDocument();
    });

    it('takes the student back to where they came from', async () => {
      const user = userEvent.setup();
      renderWithApollo(
        <Routes>
          <Route path="/post/:id" element={<PostPage />} />
          <Route path="/notifications" element={<Link to="/post/p1">Your clip</Link>} />
        </Routes>,
        { mocks: [...mocks(mine()), deleted], route: '/notifications' },
      );
      await user.click(screen.getByRole('link', { name: 'Your clip' }));
      await deleteIt();
      expect(await screen.findByRole('link', { name: 'Your clip' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Post deleted'));
      expect(screen.queryByText('Post not found')).not.toBeInTheDocument();
    });
  });
});
