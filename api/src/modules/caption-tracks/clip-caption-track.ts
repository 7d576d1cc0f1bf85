import type { EntityManager } from 'typeorm';
import type { CaptionCue } from '../../infra/media/caption-file';
import { mediaUrlFor } from '../../infra/media/media-names';

/**
 * Within the transaction that makes a post ready (video-processing): the clip's own subtitle
 * stream as one of its caption tracks, its file already stored at `path` and read leniently (the
 * student never chose that file and cannot fix it). A track the author uploaded in the same
 * language wins. True when the track was added (its file is then to be listed as served).
 */
export async function addClipCaptionTrack(
  tx: EntityManager,
  postId: string,
  track: { language: string; label: string; path: string; cues: CaptionCue[] },
): Promise<boolean> {
  const added: unknown[] = await tx.query(
    `INSERT INTO caption_tracks (post_id, language, label, url, source, cues) VALUES ($1, $2, $3, $4, 'clip', $5)
       ON CONFLICT (post_id, language) DO NOTHING RETURNING language`,
    [postId, track.language, track.label, mediaUrlFor(track.path), JSON.stringify(track.cues)],
  );
  return added.length > 0;
}
