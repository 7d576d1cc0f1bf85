import { CAPTION_FILES, checkCaptionTrackForm, canonicalLanguageTag } from '@campus-clips/rules';
import type { DataSource, EntityManager } from 'typeorm';
import { readCaptionFile, type CaptionCue } from '../../infra/media/caption-file';
import { mediaUrlFor } from '../../infra/media/media-names';
import { ValidationError } from '../../shared/errors';
import { authorize } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { postPolicy, type CaptionTrackFields, type Post, type PostCaptionTracks, type PostService } from '../posts';
import type { CaptionUpload, MediaService } from '../uploads';
import { CaptionTrackRow } from './caption-track.entity';
import { CaptionSource, type CaptionTrack } from './caption-track.types';

const FIELD = 'captionTracks';
const NO_SUCH_TRACK = 'This clip has no captions in that language.';
const NO_UPLOAD = 'Captions cannot be added to this clip: it was posted before captions existed. Please post it again.';

/** A caption file read and checked against its clip, ready to be listed. */
interface PreparedTrack {
  language: string;
  label: string;
  upload: CaptionUpload;
  cues: CaptionCue[];
}

/**
 * A clip's caption tracks (issue 28): the author adds files (WebVTT or SubRip, uploaded through
 * /uploads with kind 'caption') when posting or later, replaces or removes them; each is read and
 * checked against the clip (infra/media/caption-file.ts), its file becomes one of the clip's
 * served files (so /media serves it exactly when it serves the clip, and deleting the post deletes
 * it) and its cues are kept as text for the transcript. The clip's own subtitle stream is added by
 * the transcoding job (`addFromClip`).
 */
export class CaptionTrackService {
  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly posts: PostService,
  ) {}

  /** createPost's caption files (posts' PostCaptionTracks port, wired by services.ts). */
  readonly forNewPosts: PostCaptionTracks = {
    prepare: async (viewer, tracks, duration) => {
      const prepared = await this.prepare(viewer, tracks, duration, []);
      return { store: (tx, post) => this.list(tx, post.id, post.uploadId, prepared).then(() => undefined) };
    },
  };

  /**
   * `Post.captionTracks` for this reader: while the post is hidden for review its author (who
   * still sees it) gets each file with a grant, as the clip's renditions (PostService.mediaFor).
   */
  tracksOf(viewer: Pick<Viewer, 'uid'> | null, post: Post): CaptionTrack[] {
    const granted = post.hiddenForReview && postPolicy.can(viewer, 'fetchHiddenMedia', post);
    return (post.captionTracks ?? []).map((track) => ({
      language: track.language,
      label: track.label,
      url: granted ? this.media.grantAccess(track.url) : track.url,
      source: track.source === 'clip' ? CaptionSource.CLIP : CaptionSource.UPLOAD,
      postId: post.id,
    }));
  }

  /** Adds captions to the caller's own clip, replacing those in the same language. Answers the post. */
  async add(viewer: Viewer, postId: string, fields: CaptionTrackFields): Promise<Post> {
    const post = await this.posts.getVisible(viewer, postId);
    authorize(postPolicy, viewer, 'editCaptions', post);
    if (!post.uploadId) throw new ValidationError({ [FIELD]: NO_UPLOAD });
    const others = post.captionTracks.filter((track) => track.language !== canonicalLanguageTag(fields.language ?? ''));
    const [prepared] = await this.prepare(viewer, [fields], post.duration, others);
    const replaced = await this.db.transaction((tx) => this.list(tx, post.id, post.uploadId!, [prepared!]));
    await this.media.removeServedFiles(replaced);
    return this.posts.getVisible(viewer, postId);
  }

  /** Removes the caller's clip's captions in one language, file and all. Answers the post. */
  async remove(viewer: Viewer, postId: string, language: string): Promise<Post> {
    const post = await this.posts.getVisible(viewer, postId);
    authorize(postPolicy, viewer, 'editCaptions', post);
    const tag = canonicalLanguageTag(language ?? '');
    const removed: Array<{ url: string }> = tag
      ? await this.db.query(
          `WITH gone AS (DELETE FROM caption_tracks WHERE post_id = $1 AND language = $2 RETURNING url) SELECT url FROM gone`,
          [post.id, tag],
        )
      : [];
    if (!removed.length) throw new ValidationError({ language: NO_SUCH_TRACK });
    await this.media.removeServedFiles(removed.map((row) => row.url));
    return this.posts.getVisible(viewer, postId);
  }

  /** The cues of these tracks (`postId language` keys), for transcripts: one statement for a whole page. */
  async cuesOf(keys: readonly string[]): Promise<CaptionCue[][]> {
    const pairs = keys.map((key) => key.split(' ') as [string, string]);
    const rows: Array<{ postId: string; language: string; cues: CaptionCue[] }> = pairs.length
      ? await this.db.query(
          `SELECT post_id AS "postId", language, cues FROM caption_tracks
            WHERE (post_id, language) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
          [pairs.map(([postId]) => postId), pairs.map(([, language]) => language)],
        )
      : [];
    const found = new Map(rows.map((row) => [`${row.postId} ${row.language}`, row.cues]));
    return keys.map((key) => found.get(key) ?? []);
  }

  /** Reads and checks caption files against a clip of `duration` that has `existing` tracks besides. ValidationError on the first problem. */
  private async prepare(
    viewer: Viewer,
    tracks: readonly CaptionTrackFields[],
    duration: number | null,
    existing: readonly { language: string }[],
  ): Promise<PreparedTrack[]> {
    if (existing.length + tracks.length > CAPTION_FILES.maxTracks) throw new ValidationError({ [FIELD]: CAPTION_FILES.tooManyMessage });
    const seen = new Set(existing.map((track) => track.language));
    const forms = tracks.map((fields) => {
      const form = checkCaptionTrackForm({ language: fields.language ?? '', label: fields.label });
      if (!form.ok) throw new ValidationError({ [FIELD]: Object.values(form.problems)[0]! });
      if (seen.has(form.value.language)) throw new ValidationError({ [FIELD]: CAPTION_FILES.duplicateMessage });
      seen.add(form.value.language);
      return { ...form.value, fileUrl: fields.fileUrl ?? '' };
    });
    const prepared: PreparedTrack[] = [];
    for (const { fileUrl, ...form } of forms) {
      const upload = await this.media.readCaptionUpload(viewer.uid, fileUrl, FIELD);
      const read = readCaptionFile(upload.text, { duration });
      if (!read.ok) throw new ValidationError({ [FIELD]: read.message });
      prepared.push({ ...form, upload, cues: read.file.cues });
    }
    return prepared;
  }

  /** Lists prepared tracks on the post (its files become the clip's); answers the URLs of the tracks they replaced. */
  private async list(tx: EntityManager, postId: string, videoUploadId: string, tracks: PreparedTrack[]): Promise<string[]> {
    const replaced: string[] = [];
    for (const track of tracks) {
      await this.media.attachCaptionUpload(tx, track.upload, videoUploadId, FIELD);
      const old: Array<{ url: string }> = await tx.query(
        `WITH gone AS (DELETE FROM caption_tracks WHERE post_id = $1 AND language = $2 RETURNING url) SELECT url FROM gone`,
        [postId, track.language],
      );
      replaced.push(...old.map((row) => row.url));
      await tx.getRepository(CaptionTrackRow).insert({
        postId,
        language: track.language,
        label: track.label,
        url: mediaUrlFor(track.upload.path),
        source: 'upload',
        cues: track.cues,
      });
    }
    return replaced;
  }
}
