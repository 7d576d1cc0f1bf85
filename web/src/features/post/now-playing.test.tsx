import { fireEvent, screen } from '@testing-library/react';
import { HomeFeedDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import HomePage from '../feed/home-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

// The autoplay observer watches visibility thresholds; the load-more one uses a root margin.
const isAutoplayObserver = (observer: FakeIntersectionObserver) => Array.isArray(observer.options.threshold);

function renderFeed() {
  const cache = createCache();
  cache.writeQuery({
    query: HomeFeedDocument,
    variables: { first: 10 },
    data: { homeFeed: makeConnection([makePost('p1', { posterUrl: '/media/posters/p1.jpg' }), makePost('p2')], false) },
  });
  renderWithApollo(<HomePage />, { cache });
  return screen.getAllByRole('article');
}

describe('autoplay of the card most in view', () => {
  beforeEach(() => {
    FakeIntersectionObserver.install();
    stubMediaPlayback();
  });

  it('plays only the most visible card, muted, with a Now Playing badge', () => {
    const [first, second] = renderFeed();
    expect(screen.queryByText('Now Playing')).not.toBeInTheDocument();

    FakeIntersectionObserver.intersect(first, isAutoplayObserver, 0.6);
    FakeIntersectionObserver.intersect(second, isAutoplayObserver, 0.9);
    expect(screen.getAllByText('Now Playing')).toHaveLength(1);
    expect(second).toHaveTextContent('Now Playing');
    expect(second.querySelector('video')!.muted).toBe(true);

    FakeIntersectionObserver.intersect(second, isAutoplayObserver, 0.1);
    expect(screen.getAllByText('Now Playing')).toHaveLength(1);
    expect(first).toHaveTextContent('Now Playing');
  });

  it('plays nothing when no card is at least half in view', () => {
    const [first] = renderFeed();
    FakeIntersectionObserver.intersect(first, isAutoplayObserver, 0.3);
    expect(screen.queryByText('Now Playing')).not.toBeInTheDocument();
  });

  it('hands the badge to a video the viewer starts by hand', () => {
    const [first, second] = renderFeed();
    FakeIntersectionObserver.intersect(first, isAutoplayObserver, 1);
    expect(first).toHaveTextContent('Now Playing');
    fireEvent.play(second.querySelector('video')!);
    expect(second).toHaveTextContent('Now Playing');
    expect(first).not.toHaveTextContent('Now Playing');
  });

  it('gives every player controls, metadata preload and the poster', () => {
    const [first] = renderFeed();
    const video = first.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    // jsdom lays the page out 1024 px wide: the 720p rendition, shaped before it loads.
    expect(video).toHaveAttribute('src', '/media/videos/p1-720p.mp4');
    expect(video).toHaveAttribute('width', '720');
    expect(video).toHaveAttribute('height', '1280');
    expect(video).toHaveAttribute('poster', '/media/posters/p1.jpg');
  });
});
