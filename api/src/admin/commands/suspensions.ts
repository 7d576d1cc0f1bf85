import { command } from '../command';
import { listing } from './roles';

/** Suspensions from a shell: the way back when nobody in the app can act (or an admin must be stopped). */
export const suspensionCommands = [
  command({
    name: 'suspend',
    help: [['suspend <email> <days>|for-good <reason...>', 'suspend an account (the student is told the reason)']],
    parse([email, length, ...reason]) {
      const days = length === 'for-good' ? null : Number(length);
      if (!email || !reason.length || (days !== null && !(Number.isInteger(days) && days >= 1))) return null;
      return { email, days, note: reason.join(' ') };
    },
    async run({ app, out }, { email, days, note }) {
      const until = await app.services.moderation.suspendByEmail(email, days, note);
      out(`admin: ${email} is suspended ${until ? `until ${until.toISOString().slice(0, 10)}` : 'for good'}`);
      return 0;
    },
  }),
  command({
    name: 'unsuspend',
    help: [['unsuspend <email>', "lift an account's suspension (an admin's too)"]],
    parse: ([email, ...rest]) => (email && !rest.length ? { email } : null),
    async run({ app, out }, { email }) {
      await app.services.moderation.unsuspendByEmail(email);
      out(`admin: ${email}'s suspension is lifted`);
      return 0;
    },
  }),
  command({
    name: 'suspended',
    help: [['suspended', 'list the accounts suspended now']],
    parse: (args) => (args.length ? null : {}),
    async run({ app, out }) {
      const accounts = await app.services.moderation.listAccounts('suspended');
      if (!accounts.length) out('admin: no account is suspended');
      for (const account of accounts) out(listing(account));
      return 0;
    },
  }),
];
