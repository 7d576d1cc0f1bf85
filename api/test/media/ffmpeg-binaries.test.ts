import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { BUNDLED_FFMPEG_WARNING, resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import { startMediaTestApp } from './support/media-test-app';

const emptyDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'campus-no-ffmpeg-'));
const PRODUCTION = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  FIREBASE_WEB_API_KEY: 'key',
  PUBLIC_URL: 'https://clips.example.edu',
};

describe('ffmpeg and ffprobe', () => {
  it("are the system's current build when installed (Debian's ffmpeg package), not the bundled 2018 one", () => {
    const binaries = resolveFfmpegBinaries({ PATH: '/usr/local/bin:/usr/bin' });
    expect(binaries.source).toBe('system');
    for (const file of [binaries.ffmpeg, binaries.ffprobe]) {
      expect(file).not.toContain('node_modules');
      const version = execFileSync(file, ['-version'], { encoding: 'utf8' });
      expect(Number(/version n?(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(5);
    }
  });

  it('fall back to the bundled build, executable, when the system has none', () => {
    const binaries = resolveFfmpegBinaries({ PATH: emptyDir() });
    expect(binaries.source).toBe('bundled');
    for (const file of [binaries.ffmpeg, binaries.ffprobe]) {
      expect(file).toContain('node_modules');
      expect(() => fs.accessSync(file, fs.constants.X_OK)).not.toThrow();
    }
  });

  it('follow FFMPEG_PATH and FFPROBE_PATH, restoring a lost execute bit', () => {
    const dir = emptyDir();
    const copy = path.join(dir, 'ffprobe-copy');
    fs.writeFileSync(copy, '#!/bin/sh\necho ok\n', { mode: 0o644 });
    const binaries = resolveFfmpegBinaries({ FFMPEG_PATH: copy, FFPROBE_PATH: copy });
    expect(binaries).toEqual({ ffmpeg: copy, ffprobe: copy, source: 'configured' });
    expect(() => fs.accessSync(copy, fs.constants.X_OK)).not.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('production refuses to start with the bundled build, and accepts a system or named one', () => {
    let problems: string[] = [];
    try {
      loadConfig({ ...PRODUCTION, PATH: emptyDir() });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^FFMPEG_PATH \/ FFPROBE_PATH: NODE_ENV=production needs a current ffmpeg/)]);

    expect(loadConfig({ ...PRODUCTION, PATH: '/usr/bin' }).ffmpeg.source).toBe('system');
    const named = loadConfig({ ...PRODUCTION, PATH: emptyDir(), FFMPEG_PATH: '/usr/bin/ffmpeg', FFPROBE_PATH: '/usr/bin/ffprobe' });
    expect(named.ffmpeg).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe', source: 'configured' });
  });

  it('development starts with the bundled build and warns once', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      error: () => undefined,
      warn: (_fields: object, message?: string) => void warnings.push(message ?? ''),
    };
    const app = await startMediaTestApp({ env: { NODE_ENV: 'development', PATH: emptyDir() }, logger });
    try {
      expect(warnings).toEqual([BUNDLED_FFMPEG_WARNING]);
    } finally {
      await app.close();
    }
    warnings.length = 0;
    const current = await startMediaTestApp({ logger });
    await current.close();
    expect(warnings).toEqual([]);
  });
});
