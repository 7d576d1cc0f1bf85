import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * users.photo_sources (issue 30): the sized copies of the profile photo at photo_url, kept on the
 * row so a page of posts answers its authors' photoSources from the page's own statement instead
 * of one more lookup in media_files. Each entry is a served file's store path, type and size
 * (uploads/stored-pictures.ts; the URL is built from the path when read), smallest first, WebP
 * before JPEG at one size: the order media_files gave (UploadRecords.siblingsOf). The api writes it
 * with photo_url in one transaction (UserService); here every existing photo gets its copies from
 * media_files: the other files of the upload that photo_url names (a relative /media/ URL, or an
 * absolute one whose path is under /media/, as mediaPathFromUrl reads it).
 */
export class UserPhotoSources1765100000000 implements MigrationInterface {
  name = 'UserPhotoSources1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users ADD COLUMN photo_sources jsonb NOT NULL DEFAULT '[]'`);
    await runner.query(`
      UPDATE users u SET photo_sources = s.sources
        FROM (SELECT p.firebase_uid,
                     jsonb_agg(jsonb_build_object('path', m2.path, 'type', m2.content_type,
                                                  'width', coalesce(m2.width, 0), 'height', coalesce(m2.height, 0))
                               ORDER BY m2.width, m2.content_type DESC) AS sources
                FROM (SELECT firebase_uid, (regexp_match(photo_url, '^(?:[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)?/media/([^?#]+)'))[1] AS path
                        FROM users WHERE photo_url LIKE '%/media/%') p
                JOIN media_files m1 ON m1.path = p.path
                JOIN media_files m2 ON m2.upload_id = m1.upload_id AND m2.path <> m1.path
               GROUP BY p.firebase_uid) s
       WHERE u.firebase_uid = s.firebase_uid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users DROP COLUMN photo_sources`);
  }
}
