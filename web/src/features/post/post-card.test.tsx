import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AddCommentDocument,
  CommentAddedDocument,
  HomeFeedDocument,
  LikePostDocument,
  PostCommentsDocument,
  UnlikePostDocument,
} from '../../graphql/graphql';
import type { MockLink } from '@apollo/client/testing';
import { createCache } from '../../shared/lib/apollo';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost, OWN_COMMENT_CAN } from '../../shared/lib/testing/post-fixtures';
import HomePage from '../feed/home-page';
import { PostCard } from './post-card';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  mockUseAuth.mockImplementation(() => authValue());
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // failures are logged on purpose
});

afterEach(() => jest.restoreAllMocks());

// Long enough that the optimistic state is always seen before the server answers, even on a busy machine.
const SERVER_DELAY_MS = 400;

/** A cache that already holds a one-post feed, so the card renders without a network round trip. */
function cacheWithPost(post: ReturnType<typeof makePost>) {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection([post], false) } });
  return cache;
}

const likeButton = () => screen.getByRole('button', { name: /like/i });
const likeCount = () => screen.getByTestId('like-count').textContent;

describe('like button (optimistic)', () => {
  it('flips the flag and count at once and keeps the server result', async () => {
    const user = userEvent.setup();
    let answered = false;
    const mocks = [
      {
        request: { query: LikePostDocument, variables: { postId: 'p1' } },
        result: () => {
          answered = true;
          return { data: { likePost: { __typename: 'Post', id: 'p1', likeCount: 4, viewerHasLiked: true } } };
        },
        delay: SERVER_DELAY_MS,
      },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1', { likeCount: 3 })) });
    expect(likeCount()).toBe('3');

    await user.click(likeButton());
    // Before the server answers.
    expect(likeCount()).toBe('4');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    await waitFor(() => expect(answered).toBe(true), { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Failed to like post')).not.toBeInTheDocument();
    expect(likeCount()).toBe('4');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls back and says so when the like fails', async () => {
    const user = userEvent.setup();
    const mocks = [
      { request: { query: LikePostDocument, variables: { postId: 'p1' } }, error: new Error('offline'), delay: SERVER_DELAY_MS },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1', { likeCount: 3 })) });

    await user.click(likeButton());
    expect(likeCount()).toBe('4');

    expect(await screen.findByText('Failed to like post', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(likeCount()).toBe('3');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('tells the student to wait when the server refuses too many likes', async () => {
    const user = userEvent.setup();
    const limited = 'Too many requests. Please wait 42 seconds and try again.';
    const mocks = [
      {
        request: { query: LikePostDocument, variables: { postId: 'p1' } },
        result: { data: null, errors: [{ message: limited, extensions: { code: 'RATE_LIMITED', retryAfter: 42 } }] },
        delay: SERVER_DELAY_MS,
      },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1', { likeCount: 3 })) });

    await user.click(likeButton());
    expect(await screen.findByText(limited, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(likeCount()).toBe('3');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('never shows a count below 0 when unliking', async () => {
    const user = userEvent.setup();
    const mocks = [
      {
        request: { query: UnlikePostDocument, variables: { postId: 'p1' } },
        result: { data: { unlikePost: { __typename: 'Post', id: 'p1', likeCount: 0, viewerHasLiked: false } } },
        delay: SERVER_DELAY_MS,
      },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1', { likeCount: 0, viewerHasLiked: true })) });

    await user.click(likeButton());
    expect(likeCount()).toBe('0');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('is disabled for a signed-out visitor, who is asked to sign in to comment', async () => {
    const user = userEvent.setup();
    mockUseAuth.mockImplementation(() => authValue(null));
    const mocks = commentsMocks({ request: { query: LikePostDocument, variables: { postId: 'unused' } }, delay: Infinity });
    renderWithApollo(<PostCard post={makePost('p1')} />, { mocks });
    expect(likeButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /comments/i }));
    expect(await screen.findByText('Please sign in to add a comment.')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Add a comment...')).not.toBeInTheDocument();
  });
});

function commentsMocks(addComment: MockLink.MockedResponse, mayComment = true): MockLink.MockedResponse[] {
  return [
    {
      request: { query: PostCommentsDocument, variables: { postId: 'p1', first: 20 } },
      result: {
        data: {
          post: {
            __typename: 'Post',
            id: 'p1',
            commentCount: 0,
            viewerCan: { __typename: 'PostViewerCan', comment: mayComment },
            comments: {
              __typename: 'CommentConnection',
              edges: [],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
          },
        },
      },
    },
    // The live subscription stays open and silent in these tests.
    { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, delay: Infinity, maxUsageCount: 10 },
    addComment,
  ];
}

async function openComments(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /comments/i }));
  expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
  return screen.getByPlaceholderText('Add a comment...');
}

describe('comments (optimistic)', () => {
  it('shows a pending comment at once and replaces it with the server comment', async () => {
    const user = userEvent.setup();
    const serverComment = {
      __typename: 'Comment',
      id: 'c-42',
      text: 'Great clip!',
      mentions: [],
      createdAt: '2026-11-21T10:00:00.000Z',
      author: { __typename: 'User', id: testUser.uid, displayName: testUser.displayName, verified: true, photoURL: null, photoSources: [] },
      viewerCan: OWN_COMMENT_CAN,
      post: { __typename: 'Post', id: 'p1', commentCount: 1 },
    };
    const mocks = commentsMocks({
      request: { query: AddCommentDocument, variables: { postId: 'p1', text: 'Great clip!' } },
      result: { data: { addComment: serverComment } },
      delay: SERVER_DELAY_MS,
    });
    const { cache } = renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1')) });

    const input = await openComments(user);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Great clip!{Enter}');

    // Optimistic: the comment shows as pending, the input is cleared and locked, the count went up.
    const pending = await screen.findByTestId('comment');
    expect(pending).toHaveTextContent('Great clip!');
    expect(pending).toHaveTextContent('(sending)');
    expect(input).toHaveValue('');
    expect(input).toBeDisabled();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1');
    expect(Object.keys(cache.extract(true)).some((key) => key.startsWith('Comment:temp-'))).toBe(true);

    // The server's comment replaces it.
    await waitFor(() => expect(screen.getByTestId('comment')).not.toHaveTextContent('(sending)'), { timeout: 3000 });
    expect(screen.getAllByTestId('comment')).toHaveLength(1);
    expect(within(screen.getByTestId('comment')).getByRole('link', { name: testUser.displayName })).toHaveAttribute(
      'href',
      `/user/${testUser.uid}`,
    );
    const stored = cache.extract();
    expect(stored['Comment:c-42']).toBeDefined();
    expect(Object.keys(stored).some((key) => key.startsWith('Comment:temp-'))).toBe(false);
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1');
    expect(input).toBeEnabled();
  });

  it('removes the pending comment, restores the text and says what failed', async () => {
    const user = userEvent.setup();
    const mocks = commentsMocks({
      request: { query: AddCommentDocument, variables: { postId: 'p1', text: 'Lost words?' } },
      error: new Error('offline'),
      delay: SERVER_DELAY_MS,
    });
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1')) });

    const input = await openComments(user);
    await user.type(input, 'Lost words?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('comment')).toHaveTextContent('Lost words?');

    expect(await screen.findByText('Failed to add comment', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByTestId('comment')).not.toBeInTheDocument();
    expect(screen.getByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    expect(input).toHaveValue('Lost words?');
    expect(screen.getByTestId('comment-count')).toHaveTextContent('0');
  });
});

describe('comments and a verified e-mail (issue 25)', () => {
  afterEach(() => mockUseAuth.mockImplementation(() => authValue()));

  it('an unverified student reads the comments, likes, and is told commenting waits for the verified e-mail', async () => {
    const user = userEvent.setup();
    mockUseAuth.mockImplementation(() => authValue({ ...testUser, emailVerified: false }));
    // The api's answer (viewerCan.comment) decides; the token's claim only stands in until it comes.
    const mocks = commentsMocks({ request: { query: LikePostDocument, variables: { postId: 'unused' } }, delay: Infinity }, false);
    renderWithApollo(<PostCard post={makePost('p1')} />, { mocks });
    expect(likeButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /comments/i }));
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    expect(screen.getByText(/Verify your e-mail to comment: open the link we sent you/)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Add a comment...')).not.toBeInTheDocument();
  });

  it("shows the api's refusal as it is and keeps the text", async () => {
    const user = userEvent.setup();
    const mocks = commentsMocks({
      request: { query: AddCommentDocument, variables: { postId: 'p1', text: 'Hello there' } },
      result: { errors: [{ message: 'Please verify your e-mail address first.', extensions: { code: 'FORBIDDEN_UNVERIFIED' } }] },
      delay: SERVER_DELAY_MS,
    });
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1')) });
    const input = await openComments(user);
    await user.type(input, 'Hello there{Enter}');
    expect(await screen.findByText('Please verify your e-mail address first.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(input).toHaveValue('Hello there');
    expect(screen.queryByTestId('comment')).not.toBeInTheDocument();
  });
});

// Limits count characters as the api does (code points): 1,000 emoji are 2,000 UTF-16 units.
describe('the comment limit (1,000 characters, an emoji being one)', () => {
  it('sends a comment of 1,000 emoji whole', async () => {
    const user = userEvent.setup();
    const text = '🎉'.repeat(1000);
    const serverComment = {
      __typename: 'Comment',
      id: 'c-long',
      text,
      mentions: [],
      createdAt: '2026-11-21T10:00:00.000Z',
      author: { __typename: 'User', id: testUser.uid, displayName: testUser.displayName, verified: true, photoURL: null, photoSources: [] },
      viewerCan: OWN_COMMENT_CAN,
      post: { __typename: 'Post', id: 'p1', commentCount: 1 },
    };
    const mocks = commentsMocks({
      request: { query: AddCommentDocument, variables: { postId: 'p1', text } },
      result: { data: { addComment: serverComment } },
    });
    const { cache } = renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1')) });

    const input = await openComments(user);
    await user.click(input);
    await user.paste(text);
    expect(input).toHaveValue(text);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(cache.extract()['Comment:c-long']).toBeDefined(), { timeout: 3000 });
    expect(screen.getByTestId('comment')).toHaveTextContent(text);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses 1,001 emoji with the message the api gives, keeping the text and sending nothing', async () => {
    const user = userEvent.setup();
    const text = '🎉'.repeat(1001);
    // The add-comment mock never answers: a request would leave a pending comment on screen.
    const mocks = commentsMocks({ request: { query: AddCommentDocument, variables: { postId: 'p1', text } }, delay: Infinity });
    renderWithApollo(<HomePage />, { mocks, cache: cacheWithPost(makePost('p1')) });

    const input = await openComments(user);
    await user.click(input);
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comment must be at most 1,000 characters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue(text);
    expect(screen.queryByTestId('comment')).not.toBeInTheDocument();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('0');

    // Editing clears the message.
    await user.type(input, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a post made as an organization (issue 26)', () => {
  const organization = { __typename: 'Organization' as const, id: 'org-1', slug: 'chess-club', name: 'Chess Club', photoURL: null };

  it("names the organization, with its link, and 'by' the person who posted it underneath", () => {
    renderWithApollo(<PostCard post={makePost('p1', { organization })} />);
    const card = screen.getByRole('article', { name: 'Chess Club' });
    expect(within(card).getByRole('link', { name: 'Chess Club' })).toHaveAttribute('href', '/org/chess-club');
    const byline = within(card).getByText('by').parentElement!;
    expect(byline).toHaveTextContent(/^by Author p1/);
    expect(within(byline).getByRole('link', { name: 'Author p1' })).toHaveAttribute('href', '/user/author-of-p1');
    expect(within(byline).getByRole('img', { name: 'Verified student' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Video by Chess Club')).toBeInTheDocument();
  });

  it("keeps a person's own post as before: their name, no byline", () => {
    renderWithApollo(<PostCard post={makePost('p1')} />);
    const card = screen.getByRole('article', { name: 'Author p1' });
    expect(within(card).getByRole('link', { name: /Author p1/ })).toHaveAttribute('href', '/user/author-of-p1');
    expect(within(card).queryByText('by')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Chess Club' })).not.toBeInTheDocument();
  });
});
