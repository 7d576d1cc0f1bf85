// Issue 16 item 2: the next clip is fetched ahead, except on data saving or a 2G-class connection.
import { mayPreloadVideo, preloadPoster } from './preload';

describe('mayPreloadVideo', () => {
  it('preloads on an ordinary connection, and when the browser says nothing about it', () => {
    expect(mayPreloadVideo({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPreloadVideo({ effectiveType: '3g' })).toBe(true);
    expect(mayPreloadVideo(undefined)).toBe(true);
  });

  it('does not preload when the student asked to save data', () => {
    expect(mayPreloadVideo({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('does not preload on 2G or slow 2G', () => {
    expect(mayPreloadVideo({ effectiveType: '2g' })).toBe(false);
    expect(mayPreloadVideo({ effectiveType: 'slow-2g', saveData: false })).toBe(false);
  });

  it("reads the browser's own connection when none is given", () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    try {
      expect(mayPreloadVideo()).toBe(false);
    } finally {
      delete (navigator as unknown as { connection?: unknown }).connection;
    }
    expect(mayPreloadVideo()).toBe(true);
  });
});

describe('preloadPoster', () => {
  it('asks for each poster once', () => {
    const created: string[] = [];
    const RealImage = window.Image;
    class RecordingImage {
      decoding = '';
      set src(url: string) {
        created.push(url);
      }
    }
    window.Image = RecordingImage as unknown as typeof Image;
    try {
      preloadPoster('/media/posters/a.webp');
      preloadPoster('/media/posters/a.webp');
      preloadPoster('/media/posters/b.webp');
      preloadPoster(null);
    } finally {
      window.Image = RealImage;
    }
    expect(created).toEqual(['/media/posters/a.webp', '/media/posters/b.webp']);
  });
});
