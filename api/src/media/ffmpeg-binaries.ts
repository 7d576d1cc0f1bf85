import fs from 'node:fs';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

/**
 * The ffmpeg and ffprobe executables. They ship inside npm packages, so a plain `npm install` is
 * enough; FFMPEG_PATH / FFPROBE_PATH point at other builds. npm 11 skips install scripts and a
 * tarball may lose the execute bit, so we restore it here, once, rather than in a postinstall step.
 */
export function resolveFfmpegBinaries(env: Record<string, string | undefined> = process.env): FfmpegBinaries {
  const ffmpeg = env.FFMPEG_PATH?.trim() || packagedBinary('@ffmpeg-installer/ffmpeg', 'FFMPEG_PATH');
  const ffprobe = env.FFPROBE_PATH?.trim() || packagedBinary('@ffprobe-installer/ffprobe', 'FFPROBE_PATH');
  ensureExecutable(ffmpeg);
  ensureExecutable(ffprobe);
  return { ffmpeg, ffprobe };
}

function packagedBinary(packageName: string, variable: string): string {
  try {
    return (require(packageName) as { path: string }).path;
  } catch (error) {
    // These packages ship one binary per platform as optional dependencies.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${packageName} has no binary for ${process.platform}-${process.arch} here (${reason}); set ${variable} to an installed one`);
  }
}

function ensureExecutable(file: string): void {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return;
  } catch {
    // fall through: try to add the execute bits
  }
  try {
    const mode = fs.statSync(file).mode;
    fs.chmodSync(file, mode | 0o111);
  } catch (error) {
    throw new Error(`${file} is not executable and could not be made so: ${(error as Error).message}`);
  }
}
