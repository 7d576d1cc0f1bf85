// Deleting one's own post or comment: who sees the control, the confirmation, and what the
// student sees change everywhere the post was shown.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  CommentAddedDocument,
  DeleteCommentDocument,
  DeletePostDocument,
  HomeFeedDocument,
  OwnProfileDocument,
  PostCommentsDocument,
  PostsByTagDocument,
} from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import HomePage from '../feed/home-page';
import OwnProfilePage from '../profile/own-profile-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // failures are logged on purpose
});

afterEach(() => jest.restoreAllMocks());

const me = {
  __typename: 'User' as const,
  id: testUser.uid,
  displayName: testUser.displayName,
  verified: true,
  photoURL: null,
  photoSources: [],
};
// What the api answers the student about their own posts.
const mine = { viewerCan: { __typename: 'PostViewerCan' as const, delete: true, report: false } };
const myPost = makePost('mine', { caption: 'My move-in vlog', author: me, commentCount: 2, ...mine });
const theirPost = makePost('theirs', { caption: 'Their lecture hack' });

function profilePost(post: ReturnType<typeof makePost>) {
  const { author: _author, viewerHasLiked: _liked, ...fields } = post;
  return fields;
}

const profilePosts = {
  __typename: 'PostConnection' as const,
  edges: [myPost, makePost('older', { author: me, ...mine })].map((post) => ({
    __typename: 'PostEdge' as const,
    cursor: `c-${post.id}`,
    node: profilePost(post),
  })),
  pageInfo: { __typename: 'PageInfo' as const, hasNextPage: false, endCursor: 'c-older' },
};

/** Home, a tag page and the own profile were all visited, so the post sits in three lists. */
function visitedCache() {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection([myPost, theirPost], false) } });
  cache.writeQuery({
    query: PostsByTagDocument,
    variables: { tag: 'campus', first: 10 },
    data: { postsByTag: makeConnection([myPost, theirPost], false) },
  });
  cache.writeQuery({
    query: OwnProfileDocument,
    variables: { first: 12 },
    data: {
      viewer: {
        ...me,
        bio: null,
        interests: [],
        verified: true,
        campus: null,
        followerCount: 0,
        followingCount: 0,
        postCount: 2,
        isViewer: true,
        viewerIsFollowing: false,
        viewerCan: { follow: false, block: false, mute: false, report: false },
        email: testUser.email,
        dateOfBirth: '2004-01-01',
        posts: profilePosts,
      },
    },
  });
  return cache;
}

/** A comment on the student's own post, with what the api answers them about it (the comments policy: its author or the post's). */
function comment(id: string, text: string, author: typeof me) {
  const viewerCan = { __typename: 'CommentViewerCan' as const, delete: true, report: author.id !== me.id };
  return { __typename: 'Comment' as const, id, text, mentions: [], createdAt: '2026-11-20T13:00:00.000Z', author, viewerCan };
}

const someoneElse = {
  __typename: 'User' as const,
  id: 'author-of-theirs',
  displayName: 'Theo Other',
  verified: true,
  photoURL: null,
  photoSources: [],
};

function commentsMock(): MockLink.MockedResponse {
  return {
    request: { query: PostCommentsDocument, variables: { postId: 'mine', first: 20 } },
    result: {
      data: {
        post: {
          __typename: 'Post',
          id: 'mine',
          commentCount: 2,
          viewerCan: { __typename: 'PostViewerCan', comment: true },
          comments: {
            __typename: 'CommentConnection',
            edges: [comment('c-mine', 'See you at orientation', me), comment('c-theirs', 'Nice dorm!', someoneElse)].map((node) => ({
              __typename: 'CommentEdge',
              cursor: `cursor-${node.id}`,
              node,
            })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'cursor-c-theirs' },
          },
        },
      },
    },
  };
}

function deletePostMock(outcome: Pick<MockLink.MockedResponse, 'result' | 'error'>, sent = { count: 0 }): MockLink.MockedResponse {
  return {
    request: { query: DeletePostDocument, variables: { postId: 'mine' } },
    ...(outcome.result ? { result: () => ((sent.count += 1), outcome.result as never) } : { error: outcome.error }),
    maxUsageCount: 2,
  };
}

/** The post's card in the Home feed (the profile grid shows the same caption). */
const card = (caption: string) =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getByText(caption)
    .closest('article') as HTMLElement;

function renderHomeAndProfile(mocks: MockLink.MockedResponse[] = []) {
  return renderWithApollo(
    <>
      <HomePage />
      <OwnProfilePage />
    </>,
    { mocks, cache: visitedCache() },
  );
}

describe('deleting a post', () => {
  it("offers Delete on the student's own post only", async () => {
    renderHomeAndProfile();
    expect(within(card('My move-in vlog')).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(within(card('Their lecture hack')).queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
  });

  it('asks first, and Cancel or Escape changes nothing', async () => {
    const user = userEvent.setup();
    const sent = { count: 0 };
    renderHomeAndProfile([deletePostMock({ result: { data: { deletePost: true } } }, sent)]);
    const deleteButton = within(card('My move-in vlog')).getByRole('button', { name: 'Delete post' });

    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/can't be undone/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab(); // focus stays inside the dialog
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.count).toBe(0);
    expect(screen.getAllByText('My move-in vlog')).toHaveLength(2); // on Home and on the profile
    expect(screen.getByRole('heading', { name: '2 Posts' })).toBeInTheDocument();
  });

  it('on confirm, removes the post from Home, the tag page and the profile at once, and lowers the post count', async () => {
    const user = userEvent.setup();
    const { cache } = renderHomeAndProfile([deletePostMock({ result: { data: { deletePost: true } } })]);
    expect(screen.getByRole('heading', { name: '2 Posts' })).toBeInTheDocument();

    await user.click(within(card('My move-in vlog')).getByRole('button', { name: 'Delete post' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryAllByText('My move-in vlog')).toHaveLength(0)); // gone from Home and the profile
    expect(screen.getByText('Their lecture hack')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const tagPage = cache.readQuery({ query: PostsByTagDocument, variables: { tag: 'campus', first: 10 } });
    expect(tagPage?.postsByTag.edges.map((edge) => edge.node.id)).toEqual(['theirs']);
    const profile = cache.readQuery({ query: OwnProfileDocument, variables: { first: 12 } });
    expect(profile?.viewer?.posts.edges.map((edge) => edge.node.id)).toEqual(['older']);
    expect(profile?.viewer?.postCount).toBe(1);
  });

  it('deletes from the own profile grid as well', async () => {
    const user = userEvent.setup();
    renderWithApollo(<OwnProfilePage />, { mocks: [deletePostMock({ result: { data: { deletePost: true } } })], cache: visitedCache() });
    const [first] = screen.getAllByRole('button', { name: 'Delete post' });
    await user.click(first);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: '1 Posts' })).toBeInTheDocument();
    expect(screen.queryByText('My move-in vlog')).not.toBeInTheDocument();
  });

  it('keeps the post and says so when the deletion fails', async () => {
    const user = userEvent.setup();
    renderHomeAndProfile([deletePostMock({ error: new TypeError('Failed to fetch') })]);

    await user.click(within(card('My move-in vlog')).getByRole('button', { name: 'Delete post' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete post. Please try again.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(); // can try again or cancel
    expect(screen.getAllByText('My move-in vlog')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '2 Posts' })).toBeInTheDocument();
  });
});

describe('deleting a comment', () => {
  async function openComments(mocks: MockLink.MockedResponse[]) {
    const user = userEvent.setup();
    // The live subscription stays open and silent here.
    const live = { request: { query: CommentAddedDocument, variables: { postId: 'mine' } }, delay: Infinity, maxUsageCount: 10 };
    renderWithApollo(<HomePage />, { mocks: [commentsMock(), live, ...mocks], cache: visitedCache() });
    await user.click(within(card('My move-in vlog')).getByRole('button', { name: /comments/i }));
    await screen.findByText('Nice dorm!');
    return user;
  }

  const commentItem = (text: string) => screen.getByText(text).closest('li') as HTMLElement;
  const commentCount = () => within(card('My move-in vlog')).getByTestId('comment-count').textContent;

  it("offers Delete on another student's comment under the student's own post, as the api's policy answers (issue 24)", async () => {
    await openComments([]);
    expect(within(commentItem('See you at orientation')).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(commentItem('See you at orientation')).queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();
    expect(within(commentItem('Nice dorm!')).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(commentItem('Nice dorm!')).getByRole('button', { name: 'Report comment' })).toBeInTheDocument();
  });

  it('cancelling keeps the comment', async () => {
    // The server would delete it, so only the cancel keeps it.
    const user = await openComments([
      { request: { query: DeleteCommentDocument, variables: { commentId: 'c-mine' } }, result: { data: { deleteComment: true } } },
    ]);
    await user.click(within(commentItem('See you at orientation')).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('See you at orientation')).toBeInTheDocument();
    expect(commentCount()).toBe('2');
  });

  it("on confirm, removes the comment and lowers the post's comment count", async () => {
    const user = await openComments([
      { request: { query: DeleteCommentDocument, variables: { commentId: 'c-mine' } }, result: { data: { deleteComment: true } } },
    ]);
    await user.click(within(commentItem('See you at orientation')).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('See you at orientation')).not.toBeInTheDocument());
    expect(screen.getByText('Nice dorm!')).toBeInTheDocument();
    expect(commentCount()).toBe('1');
  });

  it('keeps the comment and says so when the deletion fails', async () => {
    const user = await openComments([
      { request: { query: DeleteCommentDocument, variables: { commentId: 'c-mine' } }, result: { errors: [{ message: '' }] } },
    ]);
    await user.click(within(commentItem('See you at orientation')).getByRole('button', { name: 'Delete comment' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete comment. Please try again.');
    expect(screen.getByText('See you at orientation')).toBeInTheDocument();
    expect(commentCount()).toBe('2');
  });
});
