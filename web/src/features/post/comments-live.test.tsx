import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { CommentAddedDocument, HomeFeedDocument, PostCommentsDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { commentCan, makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import HomePage from '../feed/home-page';

/** The card reads its post from the cache, as in the feed. */
function cacheWithPost() {
  const cache = createCache();
  cache.writeQuery({
    query: HomeFeedDocument,
    variables: { first: 10 },
    data: { homeFeed: makeConnection([makePost('p1', { commentCount: 1 })], false) },
  });
  return cache;
}

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const comment = (id: string, text: string, authorName: string) => ({
  __typename: 'Comment',
  id,
  text,
  mentions: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  author: { __typename: 'User', id: `uid-${authorName}`, displayName: authorName, photoURL: null },
  viewerCan: commentCan(),
});

function mocks(live: ReturnType<typeof comment>, onDelivered: () => void = () => undefined): MockLink.MockedResponse[] {
  return [
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
              edges: [{ __typename: 'CommentEdge', cursor: 'k1', node: comment('c1', 'First!', 'Ann') }],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'k1' },
            },
          },
        },
      },
    },
    {
      request: { query: CommentAddedDocument, variables: { postId: 'p1' } },
      result: () => {
        onDelivered();
        return { data: { commentAdded: live } };
      },
      delay: 100,
    },
  ];
}

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});

describe('live comments', () => {
  it("shows someone else's new comment as it arrives and counts it", async () => {
    const user = userEvent.setup();
    renderWithApollo(<HomePage />, { mocks: mocks(comment('c2', 'Just saw this', 'Ben')), cache: cacheWithPost() });
    await user.click(screen.getByRole('button', { name: /comments/i }));
    expect(await screen.findByText('First!')).toBeInTheDocument();

    expect(await screen.findByText('Just saw this', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.getByTestId('comment-count')).toHaveTextContent('2');
  });

  it('ignores a comment the list already holds', async () => {
    const user = userEvent.setup();
    let delivered = false;
    renderWithApollo(<HomePage />, { mocks: mocks(comment('c1', 'First!', 'Ann'), () => (delivered = true)), cache: cacheWithPost() });
    await user.click(screen.getByRole('button', { name: /comments/i }));
    expect(await screen.findByText('First!')).toBeInTheDocument();

    await waitFor(() => expect(delivered).toBe(true), { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByTestId('comment')).toHaveLength(1);
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1');
  });
});
