import { startMediaTestApp } from './support/media-test-app';
import { listDiskKeys } from './support/stored-keys';
import { describeUploadSuite } from './support/upload-suite';

describeUploadSuite('local disk', {
  async start() {
    const app = await startMediaTestApp();
    return { app, listKeys: listDiskKeys(app.mediaDir), stop: () => app.close() };
  },
});
