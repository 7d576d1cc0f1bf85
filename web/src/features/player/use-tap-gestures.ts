import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** Two taps closer together than this are a double-tap. */
const DOUBLE_TAP_MS = 300;

/**
 * Taps on the clip: one pauses or plays; two quick taps like (never unlike) and show a heart
 * (`heartBurst` counts them, so each double-tap starts the animation again).
 */
export function useTapGestures({
  signedIn,
  viewerHasLiked,
  like,
  setPaused,
}: {
  signedIn: boolean;
  viewerHasLiked: boolean | undefined;
  like: () => void;
  setPaused: Dispatch<SetStateAction<boolean>>;
}) {
  const [heartBurst, setHeartBurst] = useState(0);
  const lastTap = useRef(0);
  const singleTap = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(singleTap.current), []);
  const handleTap = useCallback(() => {
    const now = performance.now();
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      window.clearTimeout(singleTap.current);
      lastTap.current = 0;
      if (!signedIn) return;
      setHeartBurst((count) => count + 1);
      if (viewerHasLiked === false) like();
      return;
    }
    lastTap.current = now;
    singleTap.current = window.setTimeout(() => setPaused((value) => !value), DOUBLE_TAP_MS);
  }, [signedIn, viewerHasLiked, like, setPaused]);
  return { handleTap, heartBurst };
}
