import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { currentScreen, pickSource, type SizedSource } from '../lib/pick-rendition';
import type { CaptionTrackSource } from '../hooks/playback-preferences';
import { CaptionTrackElements, useShownCaptions } from './caption-tracks';

type VideoPlayerProps = {
  src: string;
  poster?: string | null;
  /** The video's renditions (any order): the player loads the one that suits the screen and data saving. */
  renditions?: readonly SizedSource[];
  /** The poster in each size and format; shown until the video plays. */
  posterSources?: ReadonlyArray<SizedSource & { type: string }>;
  /** The picture's size, so the player keeps its shape before anything loads (nothing shifts). */
  width?: number | null;
  height?: number | null;
  /** When true the video plays muted (autoplay policy); when it turns false it pauses. */
  playing?: boolean;
  /** Starts again at its end (a feed's card, as the full-screen viewer does). */
  loop?: boolean;
  label?: string;
  className?: string;
  /** Called whenever playback starts, by autoplay or by the viewer. */
  onPlay?: () => void;
  /** The clip's caption tracks (<track kind="captions">), and the language whose cues show (null: none). */
  captionTracks?: readonly CaptionTrackSource[];
  captionLanguage?: string | null;
};

/**
 * A native video element with controls and metadata-only preload. Autoplay is driven by the
 * `playing` prop so a parent can decide which one video on the page plays.
 */
export const VideoPlayer = forwardRef<HTMLVideoElement | null, VideoPlayerProps>(function VideoPlayer(
  {
    src,
    poster,
    renditions = [],
    posterSources = [],
    width,
    height,
    playing,
    loop = false,
    label,
    className = '',
    onPlay,
    captionTracks = [],
    captionLanguage = null,
  },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => videoRef.current as HTMLVideoElement);
  // Chosen once, at the width the player is laid out at: switching mid-play would restart it.
  const [displayWidth, setDisplayWidth] = useState<number | null>(null);
  useEffect(() => {
    setDisplayWidth(videoRef.current?.clientWidth || window.innerWidth);
  }, []);
  const screen = currentScreen(displayWidth ?? window.innerWidth);
  const chosenVideo = displayWidth === null ? null : pickSource(renditions, screen);
  const chosenPoster = pickSource(
    posterSources.filter((source) => source.type === 'image/webp'),
    screen,
  );

  const source = renditions.length ? (chosenVideo?.url ?? undefined) : src;
  useShownCaptions(videoRef, captionLanguage);

  // Also when the source arrives (it is chosen once the player is laid out): setting it reloads the
  // element, which drops a play() asked for before. A clip that became ready while its card was
  // the one playing stayed paused at 0:00.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || playing === undefined) return;
    if (playing) {
      if (!source) return;
      video.muted = true;
      // play() rejects when the browser refuses autoplay or the element is torn down; the
      // controls stay available, so there is nothing more to do.
      const attempt = video.play?.();
      if (attempt && typeof attempt.catch === 'function') attempt.catch(() => undefined);
    } else if (!video.paused) {
      video.pause();
    }
  }, [playing, source]);

  return (
    // Its tracks are the clip's captions (CaptionTrackElements): a clip without any has none to give.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={videoRef}
      src={source}
      poster={chosenPoster?.url ?? poster ?? undefined}
      width={width ?? undefined}
      height={height ?? undefined}
      style={width && height ? { aspectRatio: `${width} / ${height}`, height: 'auto' } : undefined}
      controls
      loop={loop}
      preload="metadata"
      playsInline
      aria-label={label}
      onPlay={onPlay}
      className={`w-full rounded-md bg-black ${className}`}
    >
      <CaptionTrackElements tracks={captionTracks} />
    </video>
  );
});

export default VideoPlayer;
