import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import { probeVideo } from '../../src/infra/media/probe-media';
import { MediaToolTimeout } from '../../src/infra/media/run-tool';
import { importMediaFile, MediaRefusal, UploadRecords } from '../../src/modules/uploads';
import { DECODE_LIMITS } from '../../src/modules/uploads/media-rules';
import { startMediaTestApp, type MediaTestApp } from './support/media-test-app';
import { listDiskKeys } from './support/stored-keys';

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/color-bars.mp4');
const LIMITS = { timeLimitMs: 700, threads: 2 };

/** An ffprobe that never answers, and starts a child that would outlive it; the child's pid goes to `pidFile`. */
function hangingProbe(): { ffprobe: string; pidFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-hanging-'));
  const ffprobe = path.join(dir, 'ffprobe');
  const pidFile = path.join(dir, 'child.pid');
  fs.writeFileSync(ffprobe, `#!/bin/sh\nsleep 60 &\necho $! > ${pidFile}\nsleep 60\n`, { mode: 0o755 });
  return { ffprobe, pidFile };
}

/** Running (a killed process whose parent died may linger as a zombie until init reaps it: not running). */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('decoding time limit', () => {
  let app: MediaTestApp;
  beforeAll(async () => {
    app = await startMediaTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('kills a probe that would hang, with everything it started, at the time limit', async () => {
    const { ffprobe, pidFile } = hangingProbe();
    const started = Date.now();
    await expect(probeVideo({ ...resolveFfmpegBinaries(), ffprobe }, CLIP, LIMITS)).rejects.toBeInstanceOf(MediaToolTimeout);
    expect(Date.now() - started).toBeLessThan(5000);
    const child = Number(fs.readFileSync(pidFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running(child)).toBe(false);
  });

  it('refuses the upload with a clear message and keeps nothing', async () => {
    const { ffprobe } = hangingProbe();
    const records = new UploadRecords(app.database.dataSource);
    const deps = { store: app.media.store, records, binaries: { ...resolveFfmpegBinaries(), ffprobe }, toolLimits: LIMITS };
    const refused = await importMediaFile(deps, { ownerUid: 'slow-probe', kind: 'video', file: CLIP, fileName: 'slow.mp4' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MediaRefusal);
    expect((refused as MediaRefusal).body).toBe(DECODE_LIMITS.tooSlowMessage);
    expect((await listDiskKeys(app.mediaDir)()).filter((key) => key.includes('slow'))).toEqual([]);
    expect(await app.database.dataSource.query("SELECT 1 FROM uploads WHERE owner_uid = 'slow-probe'")).toEqual([]);
  });
});
