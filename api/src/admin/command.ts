import type { Config } from '../config';
import type { Database } from '../infra/db/data-source';
import type { JobQueue } from '../infra/queue/job-queue';
import type { MediaStore } from '../infra/media/media-store';
import type { Services } from '../modules/services';
import type { VideoProcessingService } from '../modules/video-processing';

/**
 * One admin subcommand: `npm run admin -- <name> ...` (development) or
 * `node api/dist/admin-cli.js <name> ...` (the image). A new one is one file in commands/ and one
 * line in commands/index.ts; the help, the dispatch and what it opens come from here.
 */
export interface AdminCommand<Parsed = unknown> {
  /** The first word. Several commands may share it (`queue`, `queue retry`): the first whose parse accepts the words runs. */
  name: string;
  /** Its lines of the help: the words, then what it does. */
  help: Array<[usage: string, meaning: string]>;
  /**
   * What it needs opened: the whole app's services (the default), the database alone without
   * migrating it (to say what is pending), or nothing.
   */
  opens?: 'app' | 'database' | 'nothing';
  /** The words after the name, or null when they are not this command's (the usage is printed, exit code 2). */
  parse(args: string[]): Parsed | null;
  run(context: AdminContext, parsed: Parsed): Promise<number>;
}

/** What a command works with; only the parts its `opens` opened are there. */
export interface AdminContext {
  config: Config;
  /** `opens: 'app'` or `'database'`: migrated for 'app', as it is for 'database'. */
  database: Database;
  /** `opens: 'app'` only. */
  app: {
    services: Services;
    jobs: JobQueue;
    store: MediaStore;
    videoProcessing: VideoProcessingService;
  };
  out(line: string): void;
  err(line: string): void;
}

/** Types a command's parse and run together, for the list in commands/index.ts. */
export function command<Parsed>(definition: AdminCommand<Parsed>): AdminCommand {
  return definition as AdminCommand;
}
