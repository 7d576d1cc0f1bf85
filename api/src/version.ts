import fs from 'node:fs';
import path from 'node:path';

/**
 * This build's version: api/package.json's (CHANGELOG.md says what each brought). Read at run time
 * from the nearest api package.json above this file (beside src/ and dist/ alike; the image copies
 * it), so the build needs no step of its own.
 */
export const VERSION: string = readVersion(__dirname);

function readVersion(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@campus-clips/api' && version) return version;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @campus-clips/api package.json above ${from}`);
  }
}
