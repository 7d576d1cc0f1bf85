import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseInUseError } from './infra/db/embedded-lock';

const USAGE = `Campus Clips admin command: roles and suspensions, on the database the settings name.

  grant admin|moderator <email>    make an account an admin or a moderator
  revoke admin|moderator <email>   make it a student again (never the last admin in force)
  roles                            list the moderators and admins
  suspended                        list the accounts suspended now
  unsuspend <email>                lift an account's suspension (an admin's too)

Development:  npm run admin -- <command>        (builds the api first)
Docker image: node api/dist/admin-cli.js <command>   (no build tools there)
On the embedded database, stop the app first; with DATABASE_URL it may run.`;

type Command =
  | { verb: 'grant' | 'revoke'; role: 'admin' | 'moderator'; email: string }
  | { verb: 'roles' | 'suspended' }
  | { verb: 'unsuspend'; email: string };

function parse(argv: string[]): Command | 'help' | null {
  const [verb, ...rest] = argv;
  if (verb === undefined || verb === '--help' || verb === '-h' || verb === 'help') return 'help';
  if ((verb === 'grant' || verb === 'revoke') && (rest[0] === 'admin' || rest[0] === 'moderator') && rest[1] && rest.length === 2) {
    return { verb, role: rest[0], email: rest[1] };
  }
  if ((verb === 'roles' || verb === 'suspended') && rest.length === 0) return { verb };
  if (verb === 'unsuspend' && rest.length === 1 && rest[0]) return { verb, email: rest[0] };
  return null;
}

/**
 * `npm run admin -- grant admin <email>` and the rest of USAGE: what an operator does from a shell,
 * audited as 'command line'. The first admin comes from here; admins then grant moderators in the
 * app. `roles`, `suspended` and `unsuspend` are the way back when nobody in the app can act.
 * Running instances learn a change at once through Redis when REDIS_URL is set, else at their
 * next start. On the embedded database it refuses while the app holds the folder (embedded-lock.ts).
 */
async function main(argv: string[]): Promise<number> {
  const command = parse(argv);
  if (command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env, process.cwd(), 'tool');
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      return 1;
    }
    throw error;
  }
  let app;
  try {
    app = await createApp({ ...config, webDist: null, transcodeWorkers: 0, seedDemo: false });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) {
      console.error(`admin: nothing changed. ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    return await run(app.services.moderation, command);
  } catch (error) {
    const email = 'email' in command ? command.email : '';
    const hint = (error as Error).message === 'User not found' ? ` (${email}: the student must have signed in once)` : '';
    console.error(`admin: ${(error as Error).message}${hint}`);
    return 1;
  } finally {
    await app.close();
  }
}

type Moderation = Awaited<ReturnType<typeof createApp>>['services']['moderation'];

async function run(moderation: Moderation, command: Command): Promise<number> {
  switch (command.verb) {
    case 'grant':
    case 'revoke': {
      const role = command.verb === 'grant' ? command.role : 'student';
      await moderation.setRoleByEmail(command.email, role);
      console.log(`admin: ${command.email} is now ${role === 'student' ? 'a student' : role === 'admin' ? 'an admin' : 'a moderator'}`);
      return 0;
    }
    case 'unsuspend':
      await moderation.unsuspendByEmail(command.email);
      console.log(`admin: ${command.email}'s suspension is lifted`);
      return 0;
    case 'roles':
    case 'suspended': {
      const accounts = await moderation.listAccounts(command.verb);
      if (!accounts.length) console.log(command.verb === 'roles' ? 'admin: no moderators or admins yet' : 'admin: no account is suspended');
      for (const account of accounts) {
        const until = account.suspendedUntil ? suspension(account.suspendedUntil) : '';
        console.log([account.role.padEnd(9), (account.email ?? '(no e-mail)').padEnd(40), account.displayName, until].join('  ').trimEnd());
      }
      return 0;
    }
  }
}

function suspension(until: Date): string {
  if (until.getTime() <= Date.now()) return '';
  return until.getUTCFullYear() > 9000 ? 'suspended for good' : `suspended until ${until.toISOString().slice(0, 10)}`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
