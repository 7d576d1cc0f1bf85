import fs from 'node:fs';
import path from 'node:path';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export interface ResolvedFfmpeg extends FfmpegBinaries {
  /** 'bundled': the 2018 build inside @ffmpeg-installer / @ffprobe-installer, for development only. */
  source: 'configured' | 'system' | 'bundled';
}

/** Where a system ffmpeg is looked for when PATH is not given (Debian's `ffmpeg` package installs in /usr/bin). */
const DEFAULT_SEARCH_PATH = '/usr/local/bin:/usr/bin:/bin';

export const BUNDLED_FFMPEG_WARNING =
  'using the bundled 2018 ffmpeg build (@ffmpeg-installer) to decode uploads: fine for development, refused with NODE_ENV=production; install a current ffmpeg (Debian: apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH';

/**
 * The ffmpeg and ffprobe executables that decode uploads: FFMPEG_PATH / FFPROBE_PATH when set, else
 * the system's (found on PATH, e.g. Debian's `ffmpeg` package), else the old build inside the npm
 * packages (a development fallback; config.ts refuses it in production). npm 11 skips install
 * scripts and a tarball may lose the execute bit, so a bundled or named binary gets it back here.
 */
export function resolveFfmpegBinaries(env: Record<string, string | undefined> = process.env): ResolvedFfmpeg {
  const search = (env.PATH ?? DEFAULT_SEARCH_PATH).split(path.delimiter).filter(Boolean);
  const sources = new Set<ResolvedFfmpeg['source']>();
  const pick = (variable: string, name: string, packageName: string): string => {
    const configured = env[variable]?.trim();
    if (configured) {
      sources.add('configured');
      ensureExecutable(configured);
      return configured;
    }
    const system = search.map((dir) => path.join(dir, name)).find(isExecutableFile);
    if (system) {
      sources.add('system');
      return system;
    }
    sources.add('bundled');
    const bundled = packagedBinary(packageName, variable);
    ensureExecutable(bundled);
    return bundled;
  };
  const ffmpeg = pick('FFMPEG_PATH', 'ffmpeg', '@ffmpeg-installer/ffmpeg');
  const ffprobe = pick('FFPROBE_PATH', 'ffprobe', '@ffprobe-installer/ffprobe');
  const source = sources.has('bundled') ? 'bundled' : sources.has('system') ? 'system' : 'configured';
  return { ffmpeg, ffprobe, source };
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function packagedBinary(packageName: string, variable: string): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package is named at run time (a development dependency)
    return (require(packageName) as { path: string }).path;
  } catch (error) {
    // A development dependency: a production install (the Docker image) leaves it out, and it
    // ships one binary per platform as optional dependencies.
    const missing = (error as { code?: string }).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(packageName);
    const reason = missing ? 'not installed: a development dependency' : error instanceof Error ? error.message : String(error);
    throw new Error(
      `no ffmpeg on PATH, and ${packageName} has no binary for ${process.platform}-${process.arch} here (${reason}); install ffmpeg (Debian: apt-get install ffmpeg) or set ${variable} to an installed one`,
    );
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
