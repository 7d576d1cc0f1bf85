import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../src/media/ffmpeg-binaries';

describe('ffmpeg and ffprobe', () => {
  it('come with npm install and are executable', () => {
    const binaries = resolveFfmpegBinaries({});
    for (const file of [binaries.ffmpeg, binaries.ffprobe]) {
      expect(file).toContain('node_modules');
      expect(() => fs.accessSync(file, fs.constants.X_OK)).not.toThrow();
    }
  });

  it('follow FFMPEG_PATH and FFPROBE_PATH, restoring a lost execute bit', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-ffmpeg-'));
    const copy = path.join(dir, 'ffprobe-copy');
    fs.writeFileSync(copy, '#!/bin/sh\necho ok\n', { mode: 0o644 });
    const binaries = resolveFfmpegBinaries({ FFMPEG_PATH: copy, FFPROBE_PATH: copy });
    expect(binaries).toEqual({ ffmpeg: copy, ffprobe: copy });
    expect(() => fs.accessSync(copy, fs.constants.X_OK)).not.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
