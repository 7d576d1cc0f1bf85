import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

const VIEW_PARAM = 'view';
/** Marks a history entry the player pushed itself: closing it is then a step back. */
type ViewerState = { clipViewerPushed?: boolean } & Record<string, unknown>;

/**
 * The full-screen player's place in the URL: `?view=<postId>` on the page's own route, so Back
 * closes it and a reload reopens the same clip. Opening pushes one history entry; swiping replaces
 * it with the clip now shown; closing goes back to the entry it came from. When the player closes
 * (Close, Escape or Back) `onReturn` gets the last clip shown, to bring its card back into view.
 */
export function useClipPlayer(onReturn: (postId: string) => void) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const viewing = params.get(VIEW_PARAM);
  const state = useMemo(() => (location.state ?? {}) as ViewerState, [location.state]);

  const searchWith = useCallback(
    (postId: string | null) => {
      const next = new URLSearchParams(location.search);
      if (postId) next.set(VIEW_PARAM, postId);
      else next.delete(VIEW_PARAM);
      const text = next.toString();
      return text ? `?${text}` : '';
    },
    [location.search],
  );

  const open = useCallback(
    (postId: string) => {
      holdScroll();
      navigate(
        { search: searchWith(postId), hash: location.hash },
        { state: { ...state, clipViewerPushed: true }, preventScrollReset: true },
      );
    },
    [navigate, searchWith, location.hash, state],
  );

  const show = useCallback(
    (postId: string) => {
      if (postId === viewing) return;
      navigate({ search: searchWith(postId), hash: location.hash }, { replace: true, state, preventScrollReset: true });
    },
    [navigate, searchWith, location.hash, state, viewing],
  );

  const close = useCallback(() => {
    if (state.clipViewerPushed) {
      navigate(-1);
      return;
    }
    // Opened from a link or a reload: there is no entry of ours to go back to.
    const { clipViewerPushed: _pushed, ...rest } = state;
    navigate({ search: searchWith(null), hash: location.hash }, { replace: true, state: rest, preventScrollReset: true });
  }, [navigate, searchWith, location.hash, state]);

  const returnTo = useRef(onReturn);
  useEffect(() => {
    returnTo.current = onReturn;
  }, [onReturn]);
  const lastShown = useRef<string | null>(null);
  useEffect(() => {
    if (viewing) {
      lastShown.current = viewing;
    } else if (lastShown.current) {
      const postId = lastShown.current;
      lastShown.current = null;
      returnTo.current(postId);
      releaseScrollLater();
    }
  }, [viewing]);

  return { viewing, open, show, close };
}

/** Longer than a browser takes to restore a scroll position after Back (it may wait for a frame or two). */
const SCROLL_RELEASE_MS = 1_000;

/**
 * Going back to the page's entry (Close, Escape, Back) made the browser put the page back where it
 * was when the player opened, after the player had brought the card of the last clip into view: the
 * card was scrolled away again and unmounted, and focus fell to <body>. The page's entry keeps its
 * scroll itself ('manual', set while it is the current entry) from opening until shortly after
 * closing, then the browser's restoring is back for other navigations.
 */
let scrollRelease: number | undefined;

function holdScroll(): void {
  window.clearTimeout(scrollRelease);
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
}

function releaseScrollLater(): void {
  window.clearTimeout(scrollRelease);
  scrollRelease = window.setTimeout(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'auto';
  }, SCROLL_RELEASE_MS);
}

/** The button on a card that opens its clip in the player (PostCard and the profile grid mark it). */
export function clipOpenerSelector(postId: string): string {
  return `[data-clip-open="${CSS.escape(postId)}"]`;
}

/**
 * Focuses the card's open button once it is on the page, scrolling it into view only when it is
 * not already (so an unchanged feed keeps its exact place). `bringIntoView` lets a virtualised list
 * mount the card first; tries for a few frames.
 */
export function focusClipOpener(postId: string, bringIntoView?: () => void): void {
  let frames = 0;
  let asked = false;
  const attempt = () => {
    const opener = document.querySelector<HTMLElement>(clipOpenerSelector(postId));
    if (opener) {
      const box = opener.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < window.innerHeight;
      if (!inView && !asked && bringIntoView) {
        asked = true;
        bringIntoView();
      } else {
        if (!inView) opener.scrollIntoView?.({ block: 'center' });
        opener.focus({ preventScroll: true });
        return;
      }
    } else if (!asked && bringIntoView) {
      asked = true;
      bringIntoView();
    }
    frames += 1;
    if (frames < 30) requestAnimationFrame(attempt);
  };
  attempt();
}
