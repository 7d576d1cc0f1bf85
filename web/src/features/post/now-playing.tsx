import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

/**
 * Decides which one card in a feed autoplays: the one most in view (at least half visible).
 * Cards register their element; a single IntersectionObserver tracks visibility ratios.
 */
class NowPlayingStore {
  private ratios = new Map<string, number>();
  private ids = new Map<Element, string>();
  private listeners = new Set<() => void>();
  private observer: IntersectionObserver | null = null;
  active: string | null = null;
  /** While the full-screen viewer is open over the feed, no card plays. */
  paused = false;

  constructor() {
    if (typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver((entries) => this.update(entries), {
        threshold: [0, 0.25, 0.5, 0.75, 1],
      });
    }
  }

  register(id: string, element: Element): () => void {
    this.ids.set(element, id);
    this.observer?.observe(element);
    return () => {
      this.observer?.unobserve(element);
      this.ids.delete(element);
      this.ratios.delete(id);
      if (this.active === id) this.setActive(this.mostVisible());
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  disconnect() {
    this.observer?.disconnect();
  }

  private update(entries: IntersectionObserverEntry[]) {
    for (const entry of entries) {
      const id = this.ids.get(entry.target);
      if (id) this.ratios.set(id, entry.isIntersecting ? entry.intersectionRatio : 0);
    }
    this.setActive(this.mostVisible());
  }

  private mostVisible(): string | null {
    let best: string | null = null;
    let bestRatio = 0.5;
    for (const [id, ratio] of this.ratios) {
      if (ratio >= bestRatio && (best === null || ratio > bestRatio)) {
        best = id;
        bestRatio = ratio;
      }
    }
    return best;
  }

  setPaused(paused: boolean) {
    if (this.paused === paused) return;
    this.paused = paused;
    this.listeners.forEach((listener) => listener());
  }

  /** The viewer started this card's video by hand: it becomes the one playing, others pause. */
  claim(id: string) {
    this.setActive(id);
  }

  private setActive(id: string | null) {
    if (this.active === id) return;
    this.active = id;
    this.listeners.forEach((listener) => listener());
  }
}

const NowPlayingContext = createContext<NowPlayingStore | null>(null);

export function NowPlayingProvider({ children, paused = false }: { children: ReactNode; paused?: boolean }) {
  const store = useMemo(() => new NowPlayingStore(), []);
  useEffect(() => () => store.disconnect(), [store]);
  useEffect(() => store.setPaused(paused), [store, paused]);
  return <NowPlayingContext.Provider value={store}>{children}</NowPlayingContext.Provider>;
}

const noSubscription = () => () => undefined;

/**
 * Whether this card is the one that should play (without a provider nothing autoplays), and a
 * `claim` to call when the viewer starts this card's video themselves.
 */
export function useNowPlaying(id: string, elementRef: RefObject<Element | null>): { isActive: boolean; claim: () => void } {
  const store = useContext(NowPlayingContext);
  useEffect(() => {
    const element = elementRef.current;
    if (!store || !element) return;
    return store.register(id, element);
  }, [store, id, elementRef]);
  const isActive = useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => (store ? store.active === id && !store.paused : false),
    () => false,
  );
  const claim = useCallback(() => store?.claim(id), [store, id]);
  return { isActive, claim };
}
