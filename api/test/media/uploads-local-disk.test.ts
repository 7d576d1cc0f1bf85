import fs from 'node:fs';
import path from 'node:path';
import { createEmulatorUser } from './support/emulator-user';
import { startMediaTestApp } from './support/media-test-app';
import { listDiskKeys } from './support/stored-keys';
import { startUpload } from './support/tus-requests';
import { describeUploadSuite } from './support/upload-suite';

describeUploadSuite('local disk', {
  async start() {
    const app = await startMediaTestApp();
    return { app, listKeys: listDiskKeys(app.mediaDir), stop: () => app.close() };
  },
});

describe('local disk sweep', () => {
  it('also removes expired upload files that lost their row', async () => {
    const app = await startMediaTestApp();
    try {
      const user = await createEmulatorUser('orphan');
      const uploadUrl = await startUpload(app.baseUrl, user.authorization, {
        kind: 'video',
        filename: 'o.mp4',
        filetype: 'video/mp4',
        length: 1000,
      });
      const id = uploadUrl.split('/').pop()!;
      await app.database.dataSource.query('DELETE FROM uploads WHERE id = $1', [id]);
      const infoFile = path.join(app.mediaDir, '.incoming', `${id}.json`);
      const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
      info.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      fs.writeFileSync(infoFile, JSON.stringify(info));

      await app.media.sweepExpired();
      expect((await listDiskKeys(app.mediaDir)()).filter((key) => key.includes(id))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
