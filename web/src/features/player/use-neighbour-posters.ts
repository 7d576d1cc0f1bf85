import { useEffect } from 'react';
import { posterFor } from './clip-media';
import { preloadPoster } from './preload';
import type { PlayerPost } from './player-types';
import type { SlideSize } from './use-slide-size';

/** The next clip's and the previous clip's posters, fetched before a swipe shows them (the next clip's first seconds come through its slide). */
export function useNeighbourPosters(list: readonly PlayerPost[], activeIndex: number, screen: SlideSize) {
  const { width, height } = screen;
  useEffect(() => {
    const size = { width, height };
    preloadPoster(posterFor(list[activeIndex + 1], size));
    preloadPoster(posterFor(list[activeIndex - 1], size));
  }, [list, activeIndex, width, height]);
}
