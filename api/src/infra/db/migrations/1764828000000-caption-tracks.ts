import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Caption tracks (issue 28):
 * - `uploads.kind` may be 'caption': a caption file arrives through tus like a video or a photo.
 * - `caption_tracks`: one row per clip and language, its label, where its WebVTT file is, whether
 *   the student uploaded it or it came from the clip's own subtitle stream, and its cues as text
 *   (the transcript, read without fetching the file). It goes with its post (cascade); the file is
 *   one of the clip's served files (media_files, under the video's upload), deleted with them.
 * - `posts.caption_tracks`: the tracks' language, label, URL and source, kept by a trigger, so a
 *   feed page shows its CC buttons with no statement more (as it does renditions).
 */
export class CaptionTracks1764828000000 implements MigrationInterface {
  name = 'CaptionTracks1764828000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE uploads DROP CONSTRAINT uploads_kind_check`);
    await runner.query(`ALTER TABLE uploads ADD CONSTRAINT uploads_kind_check CHECK (kind IN ('video', 'image', 'caption'))`);
    await runner.query(`
      CREATE TABLE caption_tracks (
        post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        language   text NOT NULL,
        label      text NOT NULL,
        url        text NOT NULL,
        source     text NOT NULL CHECK (source IN ('upload', 'clip')),
        cues       jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, language)
      )`);
    await runner.query(`ALTER TABLE posts ADD COLUMN caption_tracks jsonb NOT NULL DEFAULT '[]'`);
    await runner.query(`
      CREATE FUNCTION list_caption_tracks() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        post uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
      BEGIN
        UPDATE posts SET caption_tracks = coalesce((
          SELECT jsonb_agg(jsonb_build_object('language', t.language, 'label', t.label, 'url', t.url, 'source', t.source)
                           ORDER BY t.created_at, t.language)
            FROM caption_tracks t WHERE t.post_id = post), '[]')
         WHERE id = post;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER caption_tracks_listed AFTER INSERT OR DELETE OR UPDATE ON caption_tracks
         FOR EACH ROW EXECUTE FUNCTION list_caption_tracks()`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER caption_tracks_listed ON caption_tracks`);
    await runner.query(`DROP FUNCTION list_caption_tracks()`);
    await runner.query(`ALTER TABLE posts DROP COLUMN caption_tracks`);
    await runner.query(`DROP TABLE caption_tracks`);
    await runner.query(`DELETE FROM uploads WHERE kind = 'caption'`);
    await runner.query(`ALTER TABLE uploads DROP CONSTRAINT uploads_kind_check`);
    await runner.query(`ALTER TABLE uploads ADD CONSTRAINT uploads_kind_check CHECK (kind IN ('video', 'image'))`);
  }
}
