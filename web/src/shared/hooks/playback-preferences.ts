import { useCallback, useSyncExternalStore } from 'react';

/**
 * How clips play for this student (issue 28), in one place for the cards, the full-screen viewer
 * and Settings:
 * - captions on or off, and the language last chosen: as mute is, one choice for every clip
 *   after it (player/mute-preference.ts), and also kept in this browser (localStorage), since a
 *   student who needs captions needs them on every visit;
 * - autoplay, a setting (Settings, "Playback") kept in this browser;
 * - the system's "reduce motion" (prefers-reduced-motion: reduce), which also stops autoplay.
 */

const CAPTIONS_KEY = 'campus-clips:captions';
const CAPTION_LANGUAGE_KEY = 'campus-clips:caption-language';
const AUTOPLAY_KEY = 'campus-clips:autoplay';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the choice still holds for this tab.
  }
}

/** A value kept for the tab's life and in localStorage, that every component using it follows. */
function storedPreference<T>(key: string, parse: (stored: string | null) => T, serialise: (value: T) => string | null) {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const current = () => {
    if (value === undefined) value = parse(typeof window === 'undefined' ? null : readStored(key));
    return value;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: current,
    set(next: T) {
      if (current() === next) return;
      value = next;
      writeStored(key, serialise(next));
      listeners.forEach((listener) => listener());
    },
    use(): T {
      return useSyncExternalStore(subscribe, current, () => parse(null));
    },
    /** Forgets the tab's copy (tests). */
    reset() {
      value = undefined;
    },
  };
}

const captions = storedPreference(
  CAPTIONS_KEY,
  (stored) => stored === 'on',
  (on) => (on ? 'on' : null),
);
const captionLanguage = storedPreference<string | null>(
  CAPTION_LANGUAGE_KEY,
  (stored) => stored,
  (language) => language,
);
const autoplay = storedPreference(
  AUTOPLAY_KEY,
  (stored) => stored !== 'off',
  (on) => (on ? null : 'off'),
);

/** Whether captions show on clips that have them, and the switch (the CC buttons, Settings, the viewer's 'c' key). */
export function useCaptionsOn(): [boolean, (on: boolean) => void] {
  return [captions.use(), useCallback((on: boolean) => captions.set(on), [])];
}

/** The caption language the student chose last (null: the browser's language, else the first track). */
export function useCaptionLanguage(): [string | null, (language: string) => void] {
  return [captionLanguage.use(), useCallback((language: string) => captionLanguage.set(language), [])];
}

/** The autoplay setting itself (Settings' switch). */
export function useAutoplaySetting(): [boolean, (on: boolean) => void] {
  return [autoplay.use(), useCallback((on: boolean) => autoplay.set(on), [])];
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', listener);
  return () => query.removeEventListener?.('change', listener);
}

/** The system asks for less motion (prefers-reduced-motion: reduce). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Whether clips may start by themselves: the setting is on and the system does not ask for less motion. */
export function useAutoplay(): boolean {
  const [setting] = useAutoplaySetting();
  const reduced = usePrefersReducedMotion();
  return setting && !reduced;
}

/** A clip's caption track as the lists carry it. */
export interface CaptionTrackSource {
  language: string;
  label: string;
  url: string;
}

/**
 * The track to show: the language chosen last, else one in the browser's language (its primary
 * subtag: 'en-GB' matches 'en'), else the first.
 */
export function pickCaptionTrack<T extends CaptionTrackSource>(
  tracks: readonly T[],
  preferred: string | null,
  browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []),
): T | null {
  if (!tracks.length) return null;
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  for (const wanted of [preferred, ...browserLanguages].filter((tag): tag is string => !!tag)) {
    const exact = tracks.find((track) => track.language.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact;
    const close = tracks.find((track) => primary(track.language) === primary(wanted));
    if (close) return close;
  }
  return tracks[0]!;
}

/** Test support: forget the tab's copies so a test reads localStorage afresh. */
export function resetPlaybackPreferencesForTests(): void {
  captions.reset();
  captionLanguage.reset();
  autoplay.reset();
}
