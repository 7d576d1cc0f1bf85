import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process per embedded database. PGlite keeps the database in the memory of the process that
 * opened it and writes the folder back as it likes: a second process on the same folder (an admin
 * command while `npm start` runs) works on a copy the first never sees, and one of the two
 * overwrites the other. So whoever opens the folder first holds `<folder>.lock` (in DATA_DIR,
 * beside `pglite/`) until it closes, and everyone else is refused.
 *
 * proper-lockfile keeps the lock's modification time fresh while the holder lives; a lock older
 * than STALE_MS is one left by a process that was killed (SIGKILL, power loss) and is taken over.
 * It works across containers sharing a volume, where a pid file cannot tell a live process from a
 * dead one. A clean stop removes the lock (close(), or at exit).
 */
const STALE_MS = 10_000;

export class EmbeddedDatabaseInUseError extends Error {
  constructor(readonly folder: string) {
    super(
      `The embedded database in ${folder} is in use by another process (the app started with \`npm start\`, or another command). ` +
        'Stop it first, or use PostgreSQL with DATABASE_URL. A lock left by a process that was killed expires within 10 seconds.',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

/** Where the lock of an embedded database folder lives: beside it, in DATA_DIR. */
export function embeddedLockPath(folder: string): string {
  return path.join(path.dirname(folder), `${path.basename(folder)}.lock`);
}

/**
 * Holds the folder (which must exist) for this process; resolves to its release. Refuses at once
 * when another live process holds it.
 */
export async function holdEmbeddedFolder(folder: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(folder, {
      lockfilePath: embeddedLockPath(folder),
      stale: STALE_MS,
      retries: 0,
      realpath: false,
      // The default throws from a timer (the process dies): say so in the log instead; the app
      // keeps serving, as it did before locks existed.
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new EmbeddedDatabaseInUseError(folder);
    throw error;
  }
}
