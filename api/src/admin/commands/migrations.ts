import { runPendingMigrations } from '../../infra/db/data-source';
import { migrationStatus } from '../../infra/db/migration-status';
import { command } from '../command';

/**
 * The schema against this build: what an upgrade will run. The api migrates on start (one instance
 * at a time); `migrate` runs them ahead of it, e.g. before rolling new replicas out (docs/operations.md).
 */
export const migrationCommands = [
  command({
    name: 'migrations',
    opens: 'database',
    help: [['migrations', 'the schema level, and the migrations this version would run (changes nothing)']],
    parse: (args) => (args.length === 0 || (args.length === 1 && args[0] === 'status') ? {} : null),
    async run({ database, out }) {
      const status = await migrationStatus(database.dataSource);
      out(`schema level: ${status.level ?? '(empty database)'} (${status.applied.length} applied)`);
      if (status.unknown.length) out(`applied by a newer version, unknown to this one: ${status.unknown.join(', ')}`);
      if (!status.pending.length) out('pending: none');
      else {
        out(`pending: ${status.pending.length}, to run in this order:`);
        for (const name of status.pending) out(`  ${name}`);
      }
      return 0;
    },
  }),
  command({
    name: 'migrate',
    opens: 'database',
    help: [['migrate', 'run the pending migrations now (the api also runs them when it starts)']],
    parse: (args) => (args.length ? null : {}),
    async run({ config, database, out }) {
      const ran = await runPendingMigrations(config, database);
      out(ran.length ? `admin: ran ${ran.join(', ')}` : 'admin: nothing to migrate');
      return 0;
    },
  }),
];
