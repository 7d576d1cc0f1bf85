import 'reflect-metadata';
import { find, usage, type AdminCommand, type AdminContext } from './admin/cli';
import { createApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './infra/db/data-source';
import { EmbeddedDatabaseInUseError } from './infra/db/embedded-lock';
import { ENTITIES } from './modules/entities';

/**
 * `npm run admin -- <command>` (development) and `node api/dist/admin-cli.js <command>` (the image,
 * which has no tsc): the commands are in admin/commands/, one file each. This opens what the
 * command needs (admin/command.ts: the app's services, the database alone, or nothing), runs it
 * and closes everything. Changes are audited as 'command line'. Running instances learn a change
 * of role or suspension at once through Redis when REDIS_URL is set, else at their next start. On
 * the embedded database it refuses while the app holds the folder (embedded-lock.ts).
 */
async function main(argv: string[]): Promise<number> {
  const found = find(argv);
  if (found === 'help') {
    console.log(usage());
    return 0;
  }
  if (!found) {
    console.error(usage());
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(process.env, process.cwd(), 'tool');
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      return 1;
    }
    throw error;
  }
  // Log lines would mix with what the command prints (an export goes to stdout): errors only, unless asked.
  if (!process.env.LOG_LEVEL) config = { ...config, logLevel: 'error' };

  let opened: { context: AdminContext; close(): Promise<void> };
  try {
    opened = await open(found.command, config);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) {
      console.error(`admin: nothing changed. ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    return await found.command.run(opened.context, found.parsed);
  } catch (error) {
    const message = (error as Error).message;
    const email = argv.find((word) => word.includes('@'));
    const hint = message === 'User not found' && email ? ` (${email}: the student must have signed in once)` : '';
    console.error(`admin: ${message}${hint}`);
    return 1;
  } finally {
    await opened.close();
  }
}

async function open(command: AdminCommand, config: Config): Promise<{ context: AdminContext; close(): Promise<void> }> {
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  const opens = command.opens ?? 'app';
  const unopened = <T>(what: string) =>
    new Proxy({} as T & object, {
      get() {
        throw new Error(`admin command ${command.name} uses ${what} without opening it (its 'opens')`);
      },
    });
  if (opens === 'nothing') {
    return { context: { config, database: unopened<Database>('the database'), app: unopened('the app'), ...io }, close: async () => {} };
  }
  if (opens === 'database') {
    // As it is: `migrations` must say what is pending, not run it.
    const database = await openDatabase(config, ENTITIES, () => undefined, { migrate: false });
    return { context: { config, database, app: unopened('the app'), ...io }, close: () => database.close() };
  }
  const app: App = await createApp({ ...config, webDist: null, transcodeWorkers: 0, seedDemo: false });
  return {
    context: {
      config,
      database: app.database,
      app: { services: app.services, jobs: app.jobs, store: app.media.store, videoProcessing: app.videoProcessing },
      ...io,
    },
    close: () => app.close(),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
