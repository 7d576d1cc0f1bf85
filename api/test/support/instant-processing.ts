import type { App } from '../../src/app';
import { mediaPathFromUrl } from '../../src/infra/media/media-names';

/**
 * For test servers whose tests are not about video (feeds, likes, limits, security...): a new
 * post comes back ready at once, as if a worker had finished it, so such tests stay fast and
 * free of waiting. The upload's original is served as the post's one rendition (copied to the
 * name the upload reserved and listed in media_files, as posts made before transcoding are).
 * Transcoding itself is tested for real, with real workers, in test/media (TRANSCODE_WORKERS=1).
 */
export function finishVideosInstantly(app: App): void {
  const posts = app.services.posts;
  const create = posts.create.bind(posts);
  posts.create = async (viewer, input) => {
    const created = await create(viewer, input);
    if (!created.uploadId) return created;
    const upload = await app.media.records.get(created.uploadId);
    const mediaPath = mediaPathFromUrl(created.videoUrl);
    if (upload?.originalPath && mediaPath) {
      const original = await app.media.store.localCopy(upload.originalPath);
      try {
        await app.media.store.putFile(mediaPath, original.file, upload.contentType ?? 'video/mp4');
      } finally {
        await original.release();
      }
      await app.media.records.addServedFiles(upload.id, [
        { path: mediaPath, contentType: upload.contentType ?? 'video/mp4', width: upload.width, height: upload.height },
      ]);
    }
    const rendition = { url: created.videoUrl, width: created.width ?? 0, height: created.height ?? 0, maxKbps: 0 };
    await app.database.dataSource.query(
      `UPDATE posts SET status = 'ready', processing_progress = NULL, renditions = $2 WHERE id = $1 AND status = 'processing'`,
      [created.id, JSON.stringify([rendition])],
    );
    // Its job too, as a worker completes it: the run's shared database keeps no backlog for tests with workers.
    await app.database.dataSource.query(`DELETE FROM pgboss.job WHERE name = 'video-transcode' AND data->>'postId' = $1`, [created.id]);
    return posts.get(created.id);
  };
}
