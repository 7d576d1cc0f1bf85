import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import { createStudent, graphql, startTestServer } from '../support/test-server';
import { SOURCE_CLIPS } from './support/generated-media';
import { postVideo, settledPost } from './support/processed-posts';

// Real transcodes on a busy 2-core machine: well over a minute at worst.
jest.setTimeout(180_000);

/**
 * A clip ffmpeg cannot transcode. Its own file (and so its own database): the api here runs an
 * ffmpeg that reads files (probes, a frame) but refuses to transcode, as the real one does on a
 * file damaged past its first frames; the uploaded bytes themselves are a real clip.
 */
describe('a video that cannot be transcoded', () => {
  it('ends FAILED at once with a message for its author, is shown to nobody else, and nothing is served', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-failing-ffmpeg-'));
    const wrapper = path.join(dir, 'ffmpeg');
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\ncase "$*" in *filter_complex*) echo "Invalid data found when processing input" >&2; exit 1;; esac\nexec "${resolveFfmpegBinaries().ffmpeg}" "$@"\n`,
      { mode: 0o755 },
    );
    const server = await startTestServer({ FFMPEG_PATH: wrapper, JOB_POLL_SECONDS: '1', TRANSCODE_WORKERS: '1' });
    try {
      const author = await createStudent(server);
      const created = await postVideo(server, author, SOURCE_CLIPS.noAudio(), 'damaged.mp4');
      const post = await settledPost(server, author, created.id);

      expect(post).toMatchObject({
        status: 'FAILED',
        failureMessage: 'This video could not be processed. It may be damaged; please delete this post and upload another file.',
        renditions: [],
        posterSources: [],
      });
      // Told at once, not after retries: the same file fails the same way every time.
      const attempts = await server.app.database.dataSource.query(
        `SELECT retry_count FROM pgboss.job WHERE name = 'video-transcode' AND data->>'postId' = $1`,
        [created.id],
      );
      expect(attempts).toEqual([{ retry_count: 0 }]);
      const other = await createStudent(server);
      const seen = await graphql(
        server,
        other.token,
        `
          query ($id: ID!) {
            post(id: $id) {
              id
            }
          }
        `,
        { id: created.id },
      );
      expect(seen.data.post).toBeNull();
      const served = await server.app.database.dataSource.query(
        `SELECT m.path FROM media_files m JOIN uploads u ON u.id = m.upload_id WHERE u.owner_uid = $1`,
        [author.uid],
      );
      expect(served).toEqual([]);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
