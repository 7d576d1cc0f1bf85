import { command } from '../command';

const ROLES = ['admin', 'moderator'] as const;
type Role = (typeof ROLES)[number];
const isRole = (word: string | undefined): word is Role => ROLES.includes(word as Role);

/** Roles: the first admin comes from here; admins then appoint moderators in the app. */
export const roleCommands = [
  command({
    name: 'grant',
    help: [['grant admin|moderator <email>', 'make an account an admin or a moderator']],
    parse: ([role, email, ...rest]) => (isRole(role) && email && !rest.length ? { role, email } : null),
    async run({ app, out }, { role, email }) {
      await app.services.moderation.setRoleByEmail(email, role);
      out(`admin: ${email} is now ${role === 'admin' ? 'an admin' : 'a moderator'}`);
      return 0;
    },
  }),
  command({
    name: 'revoke',
    help: [['revoke admin|moderator <email>', 'make it a student again (never the last admin in force)']],
    parse: ([role, email, ...rest]) => (isRole(role) && email && !rest.length ? { email } : null),
    async run({ app, out }, { email }) {
      await app.services.moderation.setRoleByEmail(email, 'student');
      out(`admin: ${email} is now a student`);
      return 0;
    },
  }),
  command({
    name: 'roles',
    help: [['roles', 'list the moderators and admins']],
    parse: (args) => (args.length ? null : {}),
    async run({ app, out }) {
      const accounts = await app.services.moderation.listAccounts('roles');
      if (!accounts.length) out('admin: no moderators or admins yet');
      for (const account of accounts) out(listing(account));
      return 0;
    },
  }),
];

/** One account as the lists print it: role, e-mail, name, and a suspension in force. */
export function listing(account: { role: string; email: string | null; displayName: string; suspendedUntil: Date | null }): string {
  const until = account.suspendedUntil ? suspension(account.suspendedUntil) : '';
  return [account.role.padEnd(9), (account.email ?? '(no e-mail)').padEnd(40), account.displayName, until].join('  ').trimEnd();
}

function suspension(until: Date): string {
  if (until.getTime() <= Date.now()) return '';
  return until.getUTCFullYear() > 9000 ? 'suspended for good' : `suspended until ${until.toISOString().slice(0, 10)}`;
}
