import { useEffect, useRef, useState } from 'react';
import { ProcessingNotice } from '../post';
import { CaptionTrackElements, useShownCaptions } from '../../shared/components/caption-tracks';
import { posterFor, videoFor } from './clip-media';
import type { PlayerPost } from './player-types';

type ClipSlideProps = {
  post: PlayerPost;
  authorName: string;
  isCurrent: boolean;
  /** 'auto' for the current clip and the next one (its first seconds arrive before the swipe). */
  preload: 'auto' | 'metadata' | 'none';
  playing: boolean;
  muted: boolean;
  /** The browser refused to play with sound (no gesture yet): the clip plays muted instead. */
  onMutedRefused: () => void;
  screen: { width: number; height: number };
  /** A tap (single or double) on the clip; only the current clip takes them. */
  onTap?: () => void;
  /** Changes on every double-tap like: shows the heart once more. */
  heartBurst: number;
  /** The caption language to show on this clip (null: none). */
  captionLanguage: string | null;
};

/** Lines the viewer's captions sit above the bottom: clear of the author, caption and tags laid over the clip. */
const CAPTION_LIFT_LINES = 4;

/** One screen of the player: the clip, filling the screen and keeping its shape. */
export function ClipSlide({
  post,
  authorName,
  isCurrent,
  preload,
  playing,
  muted,
  onMutedRefused,
  screen,
  onTap,
  heartBurst,
  captionLanguage,
}: ClipSlideProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // Chosen once per slide, at the size the screen had: switching mid-play would restart the clip.
  const [area] = useState(screen);
  const src = videoFor(post, area);
  const poster = posterFor(post, area);
  useShownCaptions(videoRef, captionLanguage, CAPTION_LIFT_LINES);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!playing) {
      if (!video.paused) video.pause();
      return;
    }
    video.muted = muted;
    const attempt = video.play?.();
    if (attempt && typeof attempt.catch === 'function') {
      attempt.catch(() => {
        // Sound needs a gesture on this page first: play muted rather than not at all.
        if (!video.muted && video.isConnected) {
          video.muted = true;
          onMutedRefused();
          video.play()?.catch(() => undefined);
        }
      });
    }
  }, [playing, muted, onMutedRefused]);

  return (
    // A tap pauses, a double tap likes: pointer shortcuts for what the keys (Space) and buttons (Like) do.
    <div role="presentation" className="relative flex h-full w-full items-center justify-center" onClick={onTap}>
      {post.status === 'READY' ? (
        <video
          ref={videoRef}
          src={src}
          poster={poster ?? undefined}
          preload={preload}
          playsInline
          loop
          muted
          width={post.width ?? undefined}
          height={post.height ?? undefined}
          aria-label={`Video by ${authorName}`}
          className="h-full w-full object-contain"
        >
          <CaptionTrackElements tracks={post.captionTracks} />
        </video>
      ) : (
        <div className="w-full max-w-md px-4 text-gray-900">
          <ProcessingNotice post={post} />
        </div>
      )}
      {isCurrent && heartBurst > 0 && <HeartBurst key={heartBurst} />}
    </div>
  );
}

/** The heart a double-tap like shows over the clip for a moment. */
function HeartBurst() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), 800);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <span data-testid="like-heart" aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <svg viewBox="0 0 24 24" className="h-28 w-28 fill-red-500 motion-safe:animate-ping stroke-white drop-shadow-lg" strokeWidth={1}>
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
    </span>
  );
}
