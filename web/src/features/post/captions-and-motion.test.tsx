import { fireEvent, screen, within } from '@testing-library/react';
import { HomeFeedDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import { pickCaptionTrack, resetPlaybackPreferencesForTests } from '../../shared/hooks/playback-preferences';
import HomePage from '../feed/home-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const isAutoplayObserver = (observer: FakeIntersectionObserver) => Array.isArray(observer.options.threshold);
const TRACKS = [
  { __typename: 'CaptionTrack' as const, language: 'en', label: 'English', url: '/media/captions/en.vtt' },
  { __typename: 'CaptionTrack' as const, language: 'es', label: 'Español', url: '/media/captions/es.vtt' },
];

function renderFeed() {
  const cache = createCache();
  cache.writeQuery({
    query: HomeFeedDocument,
    variables: { first: 10 },
    data: { homeFeed: makeConnection([makePost('p1', { captionTracks: TRACKS }), makePost('p2')], false) },
  });
  renderWithApollo(<HomePage />, { cache });
  return screen.getAllByRole('article');
}

/** The system's "reduce motion" as matchMedia answers it. */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  window.localStorage.clear();
  resetPlaybackPreferencesForTests();
  prefersReducedMotion(false);
});

describe('captions on cards (issue 28)', () => {
  it('gives a clip with captions <track kind="captions"> elements and a CC switch; a clip without them has neither', () => {
    const [withCaptions, without] = renderFeed();
    const tracks = withCaptions!.querySelectorAll('video track');
    expect(
      Array.from(tracks).map((track) => [
        track.getAttribute('kind'),
        track.getAttribute('srclang'),
        track.getAttribute('label'),
        track.getAttribute('src'),
      ]),
    ).toEqual([
      ['captions', 'en', 'English', '/media/captions/en.vtt'],
      ['captions', 'es', 'Español', '/media/captions/es.vtt'],
    ]);
    expect(within(without!).queryByRole('button', { name: 'Captions' })).not.toBeInTheDocument();
    expect(without!.querySelectorAll('track')).toHaveLength(0);

    const cc = within(withCaptions!).getByRole('button', { name: 'Captions' });
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    // One choice for every clip, kept in this browser for the next visit.
    expect(window.localStorage.getItem('campus-clips:captions')).toBe('on');
  });

  it('shows the track in the language chosen last, else the browser’s, else the first', () => {
    expect(pickCaptionTrack(TRACKS, 'es', ['en-US'])?.language).toBe('es');
    expect(pickCaptionTrack(TRACKS, null, ['en-GB'])?.language).toBe('en');
    expect(pickCaptionTrack(TRACKS, null, ['fr'])?.language).toBe('en');
    expect(pickCaptionTrack([], 'en')).toBeNull();
  });
});

describe('reduced motion and the autoplay setting (issue 28)', () => {
  it('does not start the card most in view when the system asks for reduced motion, until the student plays it', () => {
    prefersReducedMotion(true);
    const [first] = renderFeed();
    FakeIntersectionObserver.intersect(first!, isAutoplayObserver, 1);
    expect(screen.queryByText('Now Playing')).not.toBeInTheDocument();
    fireEvent.play(first!.querySelector('video')!);
    expect(first).toHaveTextContent('Now Playing');
  });

  it('does not autoplay when the student turned autoplay off in Settings', () => {
    window.localStorage.setItem('campus-clips:autoplay', 'off');
    const [first] = renderFeed();
    FakeIntersectionObserver.intersect(first!, isAutoplayObserver, 1);
    expect(screen.queryByText('Now Playing')).not.toBeInTheDocument();
  });

  it('autoplays otherwise', () => {
    const [first] = renderFeed();
    FakeIntersectionObserver.intersect(first!, isAutoplayObserver, 1);
    expect(first).toHaveTextContent('Now Playing');
  });
});
