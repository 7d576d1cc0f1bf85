import { act, screen, waitFor } from '@testing-library/react';
import { HomeFeedDocument, MyPostUpdatedDocument, PostMediaDocument } from '../../graphql/graphql';
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
import { PROCESSING_RECHECK_MS } from './use-my-post-updates';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
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

function homeWith(post: ReturnType<typeof makePost>) {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection([post], false) } });
  return cache;
}

const processing = makePost('p1', {
  author: me,
  status: 'PROCESSING',
  processingProgress: 40,
  renditions: [],
  videoUrl: '/media/videos/p1.mov',
});

describe('a post whose video is still processing', () => {
  it("shows its author 'Processing…' and how far it is, with no player", () => {
    renderWithApollo(<HomePage />, { cache: homeWith(processing) });

    expect(screen.getByText('Processing…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing your video' })).toHaveAttribute('aria-valuenow', '40');
    expect(document.querySelector('video')).toBeNull();
  });

  it('becomes a playable video when the live update says it is ready', async () => {
    const ready = {
      ...makePost('p1', { author: me }),
      posterSources: [
        { __typename: 'PictureSource' as const, url: '/media/posters/p1-720x1280.webp', type: 'image/webp', width: 720, height: 1280 },
      ],
    };
    const { author: _a, caption: _c, tags: _t, createdAt: _d, likeCount: _l, viewerHasLiked: _v, commentCount: _n, ...media } = ready;
    const mocks = [{ request: { query: MyPostUpdatedDocument }, result: { data: { myPostUpdated: media } }, delay: 50 }];
    renderWithApollo(<HomePage />, { mocks, cache: homeWith(processing) });

    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/videos/p1-720p.mp4');
    expect(video).toHaveAttribute('poster', '/media/posters/p1-720x1280.webp');
  });

  it('starts playing, muted, once ready when its card is the one most in view (issue 23)', async () => {
    // A play() asked for before the element has its source is dropped when the source is set: count only the others.
    const playedWith: Array<string | null> = [];
    Object.defineProperty(HTMLMediaElement.prototype, 'play', {
      configurable: true,
      value(this: HTMLMediaElement) {
        playedWith.push(this.getAttribute('src'));
        return Promise.resolve();
      },
    });
    const ready = makePost('p1', { author: me });
    const { author: _a, caption: _c, tags: _t, createdAt: _d, likeCount: _l, viewerHasLiked: _v, commentCount: _n, ...media } = ready;
    const mocks = [{ request: { query: MyPostUpdatedDocument }, result: { data: { myPostUpdated: media } }, delay: 50 }];
    renderWithApollo(<HomePage />, { mocks, cache: homeWith(processing) });
    FakeIntersectionObserver.intersect(screen.getByRole('article'), (observer) => Array.isArray(observer.options.threshold), 1);

    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(screen.getByRole('article')).toHaveTextContent('Now Playing');
    const video = document.querySelector('video')!;
    await waitFor(() => expect(playedWith).toContain('/media/videos/p1-720p.mp4'));
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
  });

  it('asks again while it is processing, so a live update missed before the subscription opened does not leave it stuck', async () => {
    const ready = makePost('p1', { author: me });
    const { author: _a, caption: _c, tags: _t, createdAt: _d, likeCount: _l, viewerHasLiked: _v, commentCount: _n, ...media } = ready;
    // The subscription never delivers (its update went out before it opened); the recheck finds the post ready.
    const mocks = [
      { request: { query: MyPostUpdatedDocument }, result: { data: { myPostUpdated: null } }, delay: 60_000 },
      { request: { query: PostMediaDocument, variables: { id: 'p1' } }, result: { data: { post: media } } },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: homeWith(processing) });
    expect(screen.getByText('Processing…')).toBeInTheDocument();

    await waitFor(() => expect(document.querySelector('video')).not.toBeNull(), { timeout: 8000 });
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
  }, 15_000);

  it('keeps the video when a recheck sent before it was ready answers after the live update', async () => {
    const ready = makePost('p1', { author: me });
    const { author: _a, caption: _c, tags: _t, createdAt: _d, likeCount: _l, viewerHasLiked: _v, commentCount: _n, ...media } = ready;
    const {
      author: _pa,
      caption: _pc,
      tags: _pt,
      createdAt: _pd,
      likeCount: _pl,
      viewerHasLiked: _pv,
      commentCount: _pn,
      ...stale
    } = processing;
    // The recheck leaves at 5 s and is answered (still processing) at 5.6 s; the live update says ready at 5.2 s.
    const mocks = [
      { request: { query: MyPostUpdatedDocument }, result: { data: { myPostUpdated: media } }, delay: PROCESSING_RECHECK_MS + 200 },
      { request: { query: PostMediaDocument, variables: { id: 'p1' } }, result: { data: { post: stale } }, delay: 600 },
    ];
    renderWithApollo(<HomePage />, { mocks, cache: homeWith(processing) });

    await waitFor(() => expect(document.querySelector('video')).not.toBeNull(), { timeout: 8000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
    expect(document.querySelector('video')).toHaveAttribute('src', '/media/videos/p1-720p.mp4');
  }, 15_000);

  it('tells its author why it failed', () => {
    const failed = makePost('p1', { author: me, status: 'FAILED', failureMessage: 'This video could not be processed.', renditions: [] });
    renderWithApollo(<HomePage />, { cache: homeWith(failed) });

    expect(screen.getByRole('alert')).toHaveTextContent('This video could not be processed.');
    expect(document.querySelector('video')).toBeNull();
  });
});
