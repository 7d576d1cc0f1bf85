// Issue 16: the full-screen clip player opened from Home: one clip at a time, announced, paged with the
// keyboard, liked by a double-tap, closed with Escape back to the card, and the URL follows it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CommentAddedDocument, HomeFeedDocument, LikePostDocument, PostCommentsDocument, PlayerClipDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost, userCan } from '../../shared/lib/testing/post-fixtures';
import HomePage from '../feed/home-page';
import ClipPlayerDialog from './clip-player-dialog';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const posts = ['p1', 'p2', 'p3'].map((id, index) => makePost(id, { likeCount: index + 1, caption: `Clip caption ${id}` }));

/** The player asks for the clip on screen in full, with whether the student follows its author. */
const clipMocks = posts.map((post) => ({
  request: { query: PlayerClipDocument, variables: { id: post.id } },
  result: {
    data: { post: { ...post, author: { ...post.author, isViewer: false, viewerIsFollowing: false, viewerCan: userCan() } } },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
}));

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderHome(
  mocks: Parameters<typeof renderWithApollo>[1] extends infer O ? (O extends { mocks?: infer M } ? M : never) : never = [],
) {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection(posts, false) } });
  return renderWithApollo(
    <>
      <HomePage />
      <Location />
    </>,
    { cache, mocks: [...(mocks ?? []), ...clipMocks] },
  );
}

const status = () => screen.getByTestId('clip-viewer').querySelector('[aria-live="polite"]');

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  Element.prototype.scrollTo = function scrollTo(options?: ScrollToOptions | number) {
    if (typeof options !== 'object' || options.top === undefined) return;
    Object.defineProperty(this, 'scrollTop', { configurable: true, writable: true, value: options.top });
    // Browsers tell of a scroll a moment later, never in the middle of the call.
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  };
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom lays nothing out: every box is a phone screen tall, so the virtualised lists show something.
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 800 }));
});

afterEach(() => jest.restoreAllMocks());

describe('full-screen clip player', () => {
  it('opens the clip tapped, pages with the keyboard, preloads the next one and returns to the card on Escape', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Open clip by Author p1 full screen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Clip viewer: Your Feed' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 1 of 3 by Author p1'));
    expect(screen.getByTestId('location')).toHaveTextContent('/?view=p1');
    expect(within(dialog).getByText('Clip caption p1')).toBeInTheDocument();
    // The next clip's first seconds load before the swipe; the one on screen plays.
    const slide = (id: string) => dialog.querySelector(`[data-clip-id="${id}"] video`);
    expect(slide('p2')).toHaveAttribute('preload', 'auto');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 2 of 3 by Author p2'));
    expect(within(dialog).getByText('Clip caption p2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?view=p2'));
    await waitFor(() => expect(slide('p3')).toHaveAttribute('preload', 'auto'));

    await user.keyboard('k');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 1 of 3 by Author p1'));
    await user.keyboard('j');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 2 of 3 by Author p2'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    // Focus comes back to the card of the clip last shown.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open clip by Author p2 full screen' })).toHaveFocus());
  });

  it('keeps Tab inside the dialog and closes with the Close button', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Open clip by Author p1 full screen' }));
    const dialog = await screen.findByRole('dialog');
    for (let press = 0; press < 15; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('likes the clip on a double-tap, with a heart, and never unlikes that way', async () => {
    let likes = 0;
    const likeMock = {
      request: { query: LikePostDocument, variables: { postId: 'p1' } },
      result: () => {
        likes += 1;
        return { data: { likePost: { __typename: 'Post', id: 'p1', likeCount: 2, viewerHasLiked: true } } };
      },
    };
    // The clip asked for again (the player may, as clips come and go) says what the server would: liked once liked.
    const p1 = posts[0]!;
    const likedAwareClip = {
      request: { query: PlayerClipDocument, variables: { id: 'p1' } },
      result: () => ({
        data: {
          post: {
            ...p1,
            likeCount: p1.likeCount + likes,
            viewerHasLiked: likes > 0,
            author: { ...p1.author, isViewer: false, viewerIsFollowing: false, viewerCan: userCan() },
          },
        },
      }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    const user = userEvent.setup();
    renderHome([likeMock, likedAwareClip]);
    await user.click(screen.getByRole('button', { name: 'Open clip by Author p1 full screen' }));
    const dialog = await screen.findByRole('dialog');
    // The like button waits for the clip in full (whether the student liked it).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Like (1 likes)' })).toBeEnabled());

    const video = dialog.querySelector('[data-clip-id="p1"] video')!;
    fireEvent.click(video);
    fireEvent.click(video);
    expect(within(dialog).getByTestId('like-heart')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Unlike (2 likes)' })).toHaveAttribute('aria-pressed', 'true'));
    // The card in the feed underneath shows the same count (one cache).
    expect(screen.getAllByTestId('like-count')[0]).toHaveTextContent('2');

    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    fireEvent.click(video);
    fireEvent.click(video);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(likes).toBe(1);
    expect(within(dialog).getByRole('button', { name: 'Unlike (2 likes)' })).toBeInTheDocument();
  });

  it('keeps the comments sheet open as the clip is liked, and Escape works after focus fell to the page', async () => {
    const likeMock = {
      request: { query: LikePostDocument, variables: { postId: 'p1' } },
      result: { data: { likePost: { __typename: 'Post', id: 'p1', likeCount: 2, viewerHasLiked: true } } },
    };
    const user = userEvent.setup();
    const noComments = {
      request: { query: PostCommentsDocument, variables: { postId: 'p1', first: 20 } },
      result: {
        data: {
          post: {
            __typename: 'Post',
            id: 'p1',
            commentCount: 0,
            viewerCan: { __typename: 'PostViewerCan', comment: true },
            comments: {
              __typename: 'CommentConnection',
              edges: [],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
          },
        },
      },
    };
    const noNewComments = { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, delay: Infinity, maxUsageCount: 10 };
    renderHome([likeMock, noComments, noNewComments]);
    await user.click(screen.getByRole('button', { name: 'Open clip by Author p1 full screen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Comments (0)' }));
    await within(dialog).findByText('No comments yet. Be the first to comment!');
    expect(within(dialog).getByRole('button', { name: 'Close comments' })).toHaveFocus();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Like (1 likes)' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Like (1 likes)' }));
    await within(dialog).findByRole('button', { name: 'Unlike (2 likes)' });
    expect(within(dialog).getByRole('region', { name: 'Comments' })).toBeInTheDocument();

    // A control that goes away while focused leaves focus on the body: Escape still closes the sheet.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Comments (0)' })).toHaveFocus();
  });

  it('opens straight from a link that names the clip (?view=)', async () => {
    const cache = createCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection(posts, false) } });
    renderWithApollo(<HomePage />, { cache, mocks: clipMocks, route: '/?view=p3' });
    await screen.findByRole('dialog');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 3 of 3 by Author p3'));
  });

  it('keeps the same clip on screen, counted in its place, when the feed lets clips above it go or brings them back', async () => {
    const five = ['q1', 'q2', 'q3', 'q4', 'q5'].map((id) => makePost(id));
    const fiveMocks = five.map((post) => ({
      request: { query: PlayerClipDocument, variables: { id: post.id } },
      result: {
        data: {
          post: {
            ...post,
            author: { ...post.author, isViewer: false, viewerHasLiked: false, viewerIsFollowing: false, viewerCan: userCan() },
          },
        },
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    }));
    const props = {
      currentId: 'q4',
      hasNextPage: false,
      loadMore: () => undefined,
      onShow: () => undefined,
      onClose: () => undefined,
      listName: 'Your Feed',
    };
    const trimmed = five.slice(2);
    // The feed had let q1 and q2 go: the player holds q3-q5 and counts from 3, until they come back.
    function Feed() {
      const [restored, setRestored] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setRestored(true)}>
            bring them back
          </button>
          <ClipPlayerDialog {...props} posts={restored ? five : trimmed} before={restored ? 0 : 2} />
        </>
      );
    }
    renderWithApollo(<Feed />, { mocks: fiveMocks });
    await screen.findByRole('dialog');
    await waitFor(() => expect(status()).toHaveTextContent('Clip 4 of 5 by Author q4'));
    const scroller = screen.getByRole('region', { name: 'Clips' });
    const shown = () => scroller.querySelector('[data-index]:not([aria-hidden])');
    expect(shown()).toHaveAttribute('data-clip-id', 'q4');
    const top = scroller.scrollTop;

    // Two more clips above: the same one on screen, two screens further down the scroller.
    fireEvent.click(screen.getByRole('button', { name: 'bring them back', hidden: true }));
    expect(status()).toHaveTextContent('Clip 4 of 5 by Author q4');
    expect(shown()).toHaveAttribute('data-clip-id', 'q4');
    expect(scroller.scrollTop).toBe(top + 2 * 800);
  });
});
