// @mentions on a post (issue 15, part 3): the caption's and the comments' mentions link to the
// profiles by the current name, and a comment sends the people it mentions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import {
  AddCommentDocument,
  CommentAddedDocument,
  MentionSuggestionsDocument,
  PostCommentsDocument,
  PostPageDocument,
} from '../../graphql/graphql';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { commentCan, makePost, OWN_COMMENT_CAN } from '../../shared/lib/testing/post-fixtures';
import PostPage from '../feed/post-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});

const maya = { __typename: 'User' as const, id: 'u-maya', displayName: 'Maya Lopez-Kim' }; // renamed since
const mention = (start: number, length: number, user: typeof maya | null) => ({ __typename: 'Mention' as const, start, length, user });

// '🎉 ' is three UTF-16 units: the '@' of '@Maya Lopez' is at 3.
const caption = '🎉 @Maya Lopez and @Theo filmed this';
const post = makePost('p1', { caption, mentions: [mention(3, 11, maya), mention(19, 5, null)], commentCount: 1 });

const oldComment = {
  __typename: 'Comment',
  id: 'c1',
  text: 'Go @Maya Lopez!',
  mentions: [mention(3, 11, maya)],
  createdAt: '2026-11-21T10:00:00.000Z',
  author: { __typename: 'User', id: 'u-2', displayName: 'Sam Rivers', photoURL: null },
  viewerCan: commentCan(),
};

function mocks(extra: MockLink.MockedResponse[] = []): MockLink.MockedResponse[] {
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
              edges: [{ __typename: 'CommentEdge', cursor: 'k1', node: oldComment }],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'k1' },
            },
          },
        },
      },
    },
    { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, delay: Infinity, maxUsageCount: 10 },
    ...extra,
  ];
}

/** The one person the suggestions offer for `query`. */
function suggestionsMock(query: string, id: string, displayName: string): MockLink.MockedResponse {
  return {
    request: { query: MentionSuggestionsDocument, variables: { query, first: 5 } },
    result: {
      data: {
        searchUsers: {
          __typename: 'UserConnection',
          edges: [{ __typename: 'UserEdge', node: { __typename: 'User', id, displayName, photoURL: null, isViewer: false } }],
        },
      },
    },
  };
}

function renderPage(extra?: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <Routes>
      <Route path="/post/:id" element={<PostPage />} />
    </Routes>,
    { mocks: mocks(extra), route: '/post/p1' },
  );
}

describe('mentions on a post', () => {
  it('links the caption and comment mentions by the current name; one not visible stays as written', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: 'Author p1' });
    // The caption's link first, then the open comment's (the comments sit inside the card).
    const [captionLink] = await within(card).findAllByRole('link', { name: '@Maya Lopez-Kim' });
    expect(captionLink).toHaveAttribute('href', '/user/u-maya');
    expect(captionLink.parentElement).toHaveTextContent('🎉 @Maya Lopez-Kim and @Theo filmed this');
    expect(within(card).queryByRole('link', { name: '@Theo' })).not.toBeInTheDocument();

    const comment = await within(card).findByTestId('comment');
    expect(within(comment).getByRole('link', { name: '@Maya Lopez-Kim' })).toHaveAttribute('href', '/user/u-maya');
    expect(comment).toHaveTextContent('Go @Maya Lopez-Kim!');
  });

  it('sends the people a comment mentions with addComment', async () => {
    const user = userEvent.setup();
    const text = 'Nice one @Maya Lopez';
    const serverComment = {
      __typename: 'Comment',
      id: 'c-2',
      text,
      mentions: [mention(9, 11, maya)],
      createdAt: '2026-11-21T11:00:00.000Z',
      author: { __typename: 'User', id: testUser.uid, displayName: testUser.displayName, photoURL: null },
      viewerCan: OWN_COMMENT_CAN,
      post: { __typename: 'Post', id: 'p1', commentCount: 2 },
    };
    renderPage([
      suggestionsMock('ma', 'u-maya', 'Maya Lopez'),
      {
        request: { query: AddCommentDocument, variables: { postId: 'p1', text, mentions: ['u-maya'] } },
        result: { data: { addComment: serverComment } },
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Author p1' });
    const input = within(card).getByRole('combobox', { name: 'Add a comment' });
    await user.type(input, 'Nice one @ma');
    await user.click(await screen.findByRole('option', { name: 'Maya Lopez' }));
    expect(input).toHaveValue('Nice one @Maya Lopez ');
    await user.click(within(card).getByRole('button', { name: 'Send' }));

    // The server's comment replaces the one shown while sending (a new row): look it up each time.
    const sent = () => within(card).getAllByTestId('comment')[1]!;
    await waitFor(() => expect(within(card).getAllByTestId('comment')).toHaveLength(2));
    // Linked by the account's current name (the cache's, renamed since the suggestion).
    await waitFor(() => expect(within(sent()).getByRole('link', { name: '@Maya Lopez-Kim' })).toHaveAttribute('href', '/user/u-maya'));
    expect(input).toHaveValue('');
  });

  it('refuses an eleventh person mentioned before sending, in the api’s words', async () => {
    const user = userEvent.setup();
    // Zeda, Zedb, … Zedk: eleven people, each offered for what is typed after '@'.
    const names = Array.from({ length: 11 }, (_, i) => `Zed${String.fromCharCode(97 + i)}`);
    renderPage(names.map((name) => suggestionsMock(name, `u-${name}`, name)));
    const card = await screen.findByRole('article', { name: 'Author p1' });
    const input = within(card).getByRole('combobox', { name: 'Add a comment' });
    await user.click(input);
    for (const name of names) {
      await user.paste(`@${name}`);
      await user.click(await screen.findByRole('option', { name }));
    }
    await user.click(within(card).getByRole('button', { name: 'Send' }));

    // api/test/api/shared-rules.test.ts: the api refuses eleven people with the same sentence.
    expect(await within(card).findByText('You can mention at most 10 people')).toBeInTheDocument();
    expect(input).toHaveValue(`${names.map((name) => `@${name}`).join(' ')} `);
    expect(within(card).getAllByTestId('comment')).toHaveLength(1);
  }, 20_000);
});
