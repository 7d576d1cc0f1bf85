import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomeFeedDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../lib/testing/post-fixtures';
import HomePage from './home-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../app/auth/auth-context', () => ({ useAuth: () => mockUseAuth() }));

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
    const mocks = [
      feedMock(undefined, [makePost('p1'), makePost('p2')], true),
      feedMock('cursor-p2', [makePost('p3')], false),
    ];
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

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load posts');
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

  it('shows the empty state when nobody followed has posted', async () => {
    renderWithApollo(<HomePage />, { mocks: [feedMock(undefined, [], false)] });
    expect(await screen.findByText('No posts from people you follow yet.')).toBeInTheDocument();
    expect(screen.getByText('Follow more people or check out the Explore page!')).toBeInTheDocument();
  });

  it('shows the server message in a red error box when the feed fails', async () => {
    const mocks = [{ request: { query: HomeFeedDocument, variables: { first: 10 } }, result: { errors: [{ message: 'Failed to fetch posts from followed users' }] } }];
    renderWithApollo(<HomePage />, { mocks });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch posts from followed users');
  });

  it('falls back to "Failed to load posts" on a network failure', async () => {
    const mocks = [{ request: { query: HomeFeedDocument, variables: { first: 10 } }, error: new Error('socket hang up') }];
    renderWithApollo(<HomePage />, { mocks });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load posts');
  });

  it('asks a signed-out visitor to log in and fetches nothing', async () => {
    mockUseAuth.mockImplementation(() => authValue(null));
    renderWithApollo(<HomePage />, { mocks: [] });
    expect(screen.getByText('You must be logged in to view posts')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
