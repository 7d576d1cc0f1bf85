import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { createCache } from '../../shared/lib/apollo';
import { CreatePostDocument, HomeFeedDocument } from '../../graphql/graphql';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import CreatePostPage from '../post/create-post-page';
import HomePage from './home-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

// The tus transfer needs a server; here an upload finishes as soon as it starts.
const mockMediaUrl = '/media/videos/finished.mp4';
jest.mock('../../shared/lib/tus-upload', () => ({
  useTusUpload: () => {
    const [status, setStatus] = useState<'idle' | 'complete'>('idle');
    return {
      start: () => setStatus('complete'),
      progress: status === 'complete' ? 100 : 0,
      status,
      mediaUrl: status === 'complete' ? mockMediaUrl : null,
      error: null,
      reset: () => setStatus('idle'),
    };
  },
}));

// The load-more observer looks ahead with a bottom margin; the autoplay observer uses thresholds.
const isLoadMoreObserver = (observer: FakeIntersectionObserver) => Boolean(observer.options.rootMargin);

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  mockUseAuth.mockImplementation(() => authValue());
});

function feedMock(after: string | undefined, posts: ReturnType<typeof makePost>[], hasNextPage: boolean) {
  return {
    request: { query: HomeFeedDocument, variables: after ? { first: 10, after } : { first: 10 } },
    result: { data: { homeFeed: makeConnection(posts, hasNextPage) } },
  };
}

describe('Home feed', () => {
  it('loads the next page when the last card scrolls into view, then says it reached the end', async () => {
    const mocks = [feedMock(undefined, [makePost('p1'), makePost('p2')], true), feedMock('cursor-p2', [makePost('p3')], false)];
    renderWithApollo(<HomePage />, { mocks });

    expect(screen.getByRole('heading', { name: 'Your Feed' })).toBeInTheDocument();
    expect(await screen.findByText('Caption of p2')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText("You've reached the end!")).not.toBeInTheDocument();

    const lastCard = screen.getByRole('list', { name: 'Posts' }).lastElementChild!;
    FakeIntersectionObserver.intersect(lastCard, isLoadMoreObserver);

    expect(await screen.findByText('Caption of p3')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText("You've reached the end!")).toBeInTheDocument();
  });

  it('keeps the loaded posts when a later page fails, and can try again', async () => {
    const user = userEvent.setup();
    const mocks = [
      feedMock(undefined, [makePost('p1'), makePost('p2')], true),
      { request: { query: HomeFeedDocument, variables: { first: 10, after: 'cursor-p2' } }, error: new Error('offline') },
      feedMock('cursor-p2', [makePost('p3')], false),
    ];
    renderWithApollo(<HomePage />, { mocks });
    await screen.findByText('Caption of p2');
    FakeIntersectionObserver.intersect(screen.getByRole('list', { name: 'Posts' }).lastElementChild!, isLoadMoreObserver);

    expect(await screen.findByRole('alert')).toHaveTextContent('Connection failed');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Caption of p3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText("You've reached the end!")).toBeInTheDocument();
  });

  it('does not fetch beyond the last page', async () => {
    renderWithApollo(<HomePage />, { mocks: [feedMock(undefined, [makePost('p1')], false)] });
    expect(await screen.findByText("You've reached the end!")).toBeInTheDocument();
    const lastCard = screen.getByRole('article').parentElement!;
    // No observer watches the last card when no page remains, so nothing can be fetched.
    expect(FakeIntersectionObserver.instances.some((o) => isLoadMoreObserver(o) && o.elements.has(lastCard))).toBe(false);
  });

  it('shows the empty state only when neither the student nor anyone followed has posted', async () => {
    renderWithApollo(<HomePage />, { mocks: [feedMock(undefined, [], false)] });
    expect(await screen.findByText('No posts from people you follow yet.')).toBeInTheDocument();
    expect(screen.getByText('Follow more people or check out the Explore page!')).toBeInTheDocument();
  });

  it.each([
    ['an empty Home', []],
    ['a Home with posts', [makePost('p1'), makePost('p2')]],
  ])("puts the student's new post on top of %s right after Create Post, without fetching Home again", async (_, loaded) => {
    const user = userEvent.setup();
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    // Home was loaded earlier in the visit, so '/' answers from the cache; no Home mock remains.
    const cache = createCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection(loaded, false) } });
    const mine = makePost('mine', {
      caption: 'Move-in day',
      author: { __typename: 'User', id: testUser.uid, displayName: testUser.displayName, verified: true, photoURL: null, photoSources: [] },
    });
    const mocks = [
      {
        request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption: 'Move-in day', tags: [] } } },
        result: { data: { createPost: mine } },
      },
    ];
    renderWithApollo(
      <Routes>
        <Route path="/create-post" element={<CreatePostPage />} />
        <Route path="/" element={<HomePage />} />
      </Routes>,
      { mocks, cache, route: '/create-post' },
    );
    fireEvent.change(screen.getByLabelText('Choose a video file'), {
      target: { files: [new File(['x'], 'clip.mp4', { type: 'video/mp4' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    await user.type(screen.getByPlaceholderText('Write a caption for your video...'), 'Move-in day');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByRole('heading', { name: 'Your Feed' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(loaded.length + 1);
    expect(cards[0]).toHaveTextContent('Move-in day');
    expect(screen.queryByText('No posts from people you follow yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server message in a red error box when the feed fails', async () => {
    const mocks = [
      {
        request: { query: HomeFeedDocument, variables: { first: 10 } },
        result: { errors: [{ message: 'Failed to fetch posts from followed users' }] },
      },
    ];
    renderWithApollo(<HomePage />, { mocks });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch posts from followed users');
  });

  it("says 'Connection failed' on a network failure (spec §8, the client wrapper's message)", async () => {
    const mocks = [{ request: { query: HomeFeedDocument, variables: { first: 10 } }, error: new Error('socket hang up') }];
    renderWithApollo(<HomePage />, { mocks });
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection failed');
  });

  it('asks a signed-out visitor to log in and fetches nothing', async () => {
    mockUseAuth.mockImplementation(() => authValue(null));
    renderWithApollo(<HomePage />, { mocks: [] });
    expect(screen.getByText('You must be logged in to view posts')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
