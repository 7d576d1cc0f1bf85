import { useEffect, type RefObject } from 'react';
import type { CaptionTrackSource } from '../hooks/playback-preferences';

/**
 * A clip's caption tracks as <track kind="captions"> elements (issue 28): the browser loads a
 * WebVTT file only when its track is shown, and renders its cues over the picture (styled by
 * index.css's ::cue rules: large, white on near-black, readable at phone size).
 */
export function CaptionTrackElements({ tracks }: { tracks: readonly CaptionTrackSource[] }) {
  return (
    <>
      {tracks.map((track) => (
        <track key={track.url} kind="captions" src={track.url} srcLang={track.language} label={track.label} />
      ))}
    </>
  );
}

/**
 * Shows the cues of the track in `language` on the video (none when null): the text tracks' modes
 * follow, also for tracks the element adds later. `liftLines` moves cues placed at the default
 * line up by that many lines, above what a player overlays at the bottom (the viewer's caption
 * and author), so they stay in the safe area.
 */
export function useShownCaptions(videoRef: RefObject<HTMLVideoElement | null>, language: string | null, liftLines = 0): void {
  useEffect(() => {
    const video = videoRef.current;
    const list = video?.textTracks;
    // jsdom and very old browsers have no live text track list: nothing to show then.
    if (!video || !list || typeof list.addEventListener !== 'function') return;
    const apply = () => {
      for (const track of Array.from(list)) {
        if (track.kind !== 'captions' && track.kind !== 'subtitles') continue;
        const mode = language !== null && track.language === language ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      }
    };
    // Placement is the file's own unless it gave none ('auto'): then `liftLines` above the bottom.
    const lift = (track: TextTrack | null) => {
      if (!liftLines || typeof VTTCue === 'undefined') return;
      for (const cue of Array.from(track?.cues ?? [])) {
        if (cue instanceof VTTCue && cue.line === 'auto') cue.line = -1 - liftLines;
      }
    };
    const elements = Array.from(video.querySelectorAll('track'));
    const onLoad = (event: Event) => lift((event.target as HTMLTrackElement).track);
    apply();
    elements.forEach((element) => {
      element.addEventListener('load', onLoad);
      if (element.readyState === HTMLTrackElement.LOADED) lift(element.track);
    });
    list.addEventListener('addtrack', apply);
    return () => {
      list.removeEventListener('addtrack', apply);
      elements.forEach((element) => element.removeEventListener('load', onLoad));
    };
  }, [videoRef, language, liftLines]);
}
