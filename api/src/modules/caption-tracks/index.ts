/** caption-tracks (issue 28): a clip's captions in several languages, their files and transcripts. Its public surface. */
export { CaptionTrackRow } from './caption-track.entity';
export { CaptionTrackResolver, PostCaptionTracksResolver } from './caption-track.resolver';
export { CaptionTrackService } from './caption-track.service';
export { CaptionCue, CaptionSource, CaptionTrack } from './caption-track.types';
export { addClipCaptionTrack } from './clip-caption-track';
