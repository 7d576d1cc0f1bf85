import { fireEvent, render, screen } from '@testing-library/react';
import { resetPlaybackPreferencesForTests } from '../../shared/hooks/playback-preferences';
import { PlaybackSettings } from './playback-settings';

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  window.localStorage.clear();
  resetPlaybackPreferencesForTests();
  reducedMotion(false);
});

describe('Settings: Playback (issue 28)', () => {
  it('turns autoplay off and captions on, kept in this browser for the next visit', () => {
    render(<PlaybackSettings />);
    const autoplay = screen.getByRole('switch', { name: 'Play clips automatically' });
    const captions = screen.getByRole('switch', { name: 'Show captions' });
    expect([autoplay.getAttribute('aria-checked'), captions.getAttribute('aria-checked')]).toEqual(['true', 'false']);
    fireEvent.click(autoplay);
    fireEvent.click(captions);
    expect([autoplay.getAttribute('aria-checked'), captions.getAttribute('aria-checked')]).toEqual(['false', 'true']);
    expect([window.localStorage.getItem('campus-clips:autoplay'), window.localStorage.getItem('campus-clips:captions')]).toEqual([
      'off',
      'on',
    ]);
  });

  it('says that the device’s reduce-motion setting keeps clips from starting by themselves', () => {
    reducedMotion(true);
    render(<PlaybackSettings />);
    expect(screen.getByRole('switch', { name: 'Play clips automatically' })).toHaveAccessibleDescription(
      'Your device asks to reduce motion, so clips wait for you to play them whatever this says.',
    );
  });
});
