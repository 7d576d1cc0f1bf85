// <time> that reads '3 h ago' and shows the full date and time on hover. Every element on the
// page reads one shared clock that ticks once a minute while at least one is mounted (a feed of
// 200 cards has one timer, not 200), and again when the tab comes back into view.
import { useSyncExternalStore } from 'react';
import { fullDateTime, relativeTime } from '../lib/relative-time';

const TICK_MS = 60_000;
/** A clock read with nobody listening is refreshed when older than this. */
const STALE_MS = 30_000;

const listeners = new Set<() => void>();
let clockNow = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  clockNow = Date.now();
  for (const listener of listeners) listener();
}

function onVisibilityChange() {
  if (document.visibilityState === 'visible') tick();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // The first on the page: start from the real time (React re-reads the clock after subscribing).
    clockNow = Date.now();
    timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      document.removeEventListener('visibilitychange', onVisibilityChange);
    }
  };
}

function getSnapshot(): number {
  // Nothing ticked while nothing was mounted: the first element after a quiet spell reads now.
  if (listeners.size === 0 && Math.abs(Date.now() - clockNow) > STALE_MS) clockNow = Date.now();
  return clockNow;
}

/** The shared clock (ms since the epoch), moving on each minute. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

type RelativeTimeProps = {
  /** An ISO date-time, as the api sends it. */
  dateTime: string;
  className?: string;
};

export function RelativeTime({ dateTime, className }: RelativeTimeProps) {
  const now = useMinuteClock();
  return (
    <time dateTime={dateTime} title={fullDateTime(dateTime)} className={className}>
      {relativeTime(dateTime, now)}
    </time>
  );
}

export default RelativeTime;
