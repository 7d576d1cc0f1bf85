import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

type VideoPlayerProps = {
  src: string;
  poster?: string | null;
  /** When true the video plays muted (autoplay policy); when it turns false it pauses. */
  playing?: boolean;
  label?: string;
  className?: string;
  /** Called whenever playback starts, by autoplay or by the viewer. */
  onPlay?: () => void;
};

/**
 * A native video element with controls and metadata-only preload. Autoplay is driven by the
 * `playing` prop so a parent can decide which one video on the page plays.
 */
export const VideoPlayer = forwardRef<HTMLVideoElement | null, VideoPlayerProps>(function VideoPlayer(
  { src, poster, playing, label, className = '', onPlay },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => videoRef.current as HTMLVideoElement);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || playing === undefined) return;
    if (playing) {
      video.muted = true;
      // play() rejects when the browser refuses autoplay or the element is torn down; the
      // controls stay available, so there is nothing more to do.
      const attempt = video.play?.();
      if (attempt && typeof attempt.catch === 'function') attempt.catch(() => undefined);
    } else if (!video.paused) {
      video.pause();
    }
  }, [playing]);

  return (
    <video
      ref={videoRef}
      src={src}
      poster={poster ?? undefined}
      controls
      preload="metadata"
      playsInline
      aria-label={label}
      onPlay={onPlay}
      className={`w-full rounded-md bg-black ${className}`}
    />
  );
});

export default VideoPlayer;
