import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseInUseError } from './infra/db/embedded-lock';

const USAGE = `Campus Clips admin command: roles, suspensions and campuses, on the database the settings name.

  grant admin|moderator <email>    make an account an admin or a moderator
  revoke admin|moderator <email>   make it a student again (never the last admin in force)
  roles                            list the moderators and admins
  suspended                        list the accounts suspended now
  unsuspend <email>                lift an account's suspension (an admin's too)

  campus list                                   the campuses, their short names and e-mail domains
  campus add <name> <SHORT> <domain>...         a campus with one or more e-mail domains
  campus rename <SHORT> <new name> [NEWSHORT]   change a campus's name (and short name)
  campus add-domain <SHORT> <domain>            students on that domain (or under it) join the campus
  campus remove-domain <SHORT> <domain>         students on it take the campus their address still names, or none
  (A student's campus is always the one their e-mail's domain names: cs.example.edu is under example.edu.)

Development:  npm run admin -- <command>        (builds the api first)
Docker image: node api/dist/admin-cli.js <command>   (no build tools there)
On the embedded database, stop the app first; with DATABASE_URL it may run.`;

type Command =
  | { verb: 'grant' | 'revoke'; role: 'admin' | 'moderator'; email: string }
  | { verb: 'roles' | 'suspended' }
  | { verb: 'unsuspend'; email: string }
  | CampusCommand;

type CampusCommand =
  | { verb: 'campus list' }
  | { verb: 'campus add'; name: string; shortName: string; domains: string[] }
  | { verb: 'campus rename'; shortName: string; name: string; newShortName?: string }
  | { verb: 'campus add-domain' | 'campus remove-domain'; shortName: string; domain: string };

function parseCampus([verb, ...rest]: string[]): CampusCommand | null {
  if (verb === 'list' && rest.length === 0) return { verb: 'campus list' };
  if (verb === 'add' && rest.length >= 3) return { verb: 'campus add', name: rest[0]!, shortName: rest[1]!, domains: rest.slice(2) };
  if (verb === 'rename' && (rest.length === 2 || rest.length === 3)) {
    return { verb: 'campus rename', shortName: rest[0]!, name: rest[1]!, newShortName: rest[2] };
  }
  if ((verb === 'add-domain' || verb === 'remove-domain') && rest.length === 2) {
    return { verb: `campus ${verb}`, shortName: rest[0]!, domain: rest[1]! };
  }
  return null;
}

function parse(argv: string[]): Command | 'help' | null {
  const [verb, ...rest] = argv;
  if (verb === undefined || verb === '--help' || verb === '-h' || verb === 'help') return 'help';
  if ((verb === 'grant' || verb === 'revoke') && (rest[0] === 'admin' || rest[0] === 'moderator') && rest[1] && rest.length === 2) {
    return { verb, role: rest[0], email: rest[1] };
  }
  if ((verb === 'roles' || verb === 'suspended') && rest.length === 0) return { verb };
  if (verb === 'unsuspend' && rest.length === 1 && rest[0]) return { verb, email: rest[0] };
  if (verb === 'campus') return parseCampus(rest);
  return null;
}

/**
 * `npm run admin -- grant admin <email>`, `npm run admin -- campus add ...` and the rest of USAGE: what an operator does from a shell,
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
    return command.verb.startsWith('campus ')
      ? await runCampus(app.services.campuses, command as CampusCommand)
      : await run(app.services.moderation, command as Exclude<Command, CampusCommand>);
  } catch (error) {
    const email = 'email' in command ? command.email : '';
    const hint = (error as Error).message === 'User not found' ? ` (${email}: the student must have signed in once)` : '';
    // A field problem (a bad domain, a short name taken) says each of its fields' messages.
    const fields = (error as { fields?: Record<string, string> }).fields;
    console.error(`admin: ${fields ? Object.values(fields).join(' ') : (error as Error).message}${hint}`);
    return 1;
  } finally {
    await app.close();
  }
}

type Moderation = Awaited<ReturnType<typeof createApp>>['services']['moderation'];
type Campuses = Awaited<ReturnType<typeof createApp>>['services']['campuses'];

/**
 * The campuses (D16). Adding or removing a domain re-assigns at once the students whose address
 * it covers (the campus their address names, or none), so a student's campus never depends on
 * when they signed up. Running instances see a change within 30 seconds (campus.service.ts).
 */
async function runCampus(campuses: Campuses, command: CampusCommand): Promise<number> {
  const describe = (campus: { name: string; shortName: string; domains: string[] }) =>
    `${campus.shortName.padEnd(10)}  ${campus.name}  (${campus.domains.join(', ')})`;
  const moved = (count: number) => `${count} student${count === 1 ? '' : 's'} re-assigned`;
  switch (command.verb) {
    case 'campus list': {
      const all = await campuses.all();
      if (!all.length) console.log('admin: no campus yet (campus add "Name" SHORT example.edu)');
      for (const campus of all) console.log(describe(campus));
      console.log(`sign-up: ${campuses.signupMode} (SIGNUP_MODE)`);
      return 0;
    }
    case 'campus add': {
      const campus = await campuses.add({ name: command.name, shortName: command.shortName, domains: command.domains });
      console.log(`admin: campus added: ${describe(campus)}`);
      return 0;
    }
    case 'campus rename': {
      const campus = await campuses.rename(command.shortName, { name: command.name, shortName: command.newShortName });
      console.log(`admin: campus renamed: ${describe(campus)}`);
      return 0;
    }
    case 'campus add-domain': {
      const { campus, reassigned } = await campuses.addDomain(command.shortName, command.domain);
      console.log(`admin: domain added: ${describe(campus)}; ${moved(reassigned)}`);
      return 0;
    }
    case 'campus remove-domain': {
      const { campus, reassigned } = await campuses.removeDomain(command.shortName, command.domain);
      console.log(`admin: domain removed: ${describe(campus)}; ${moved(reassigned)}`);
      return 0;
    }
  }
}

async function run(moderation: Moderation, command: Exclude<Command, CampusCommand>): Promise<number> {
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
