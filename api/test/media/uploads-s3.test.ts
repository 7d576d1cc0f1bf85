import { startMediaTestApp } from './support/media-test-app';
import { startS3TestServer } from './support/s3-test-server';
import { listBucketKeys } from './support/stored-keys';
import { describeUploadSuite } from './support/upload-suite';

describeUploadSuite('S3-compatible bucket (s3rver)', {
  async start() {
    const s3Server = await startS3TestServer();
    const app = await startMediaTestApp({ s3: s3Server.s3 });
    return {
      app,
      listKeys: listBucketKeys(s3Server.s3),
      async stop() {
        await app.close();
        await s3Server.close();
      },
    };
  },
});
