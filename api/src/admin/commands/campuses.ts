import type { Campus } from '../../modules/campuses';
import { command } from '../command';

/**
 * The campuses (issue 25, D16). Adding or removing a domain re-assigns at once the students whose
 * address it covers (the campus their address names, or none), so a student's campus never depends
 * on when they signed up (cs.example.edu is under example.edu). Running instances see a change
 * within 30 seconds (campus.service.ts).
 */
const describe = (campus: Pick<Campus, 'name' | 'shortName'> & { domains: string[] }) =>
  `${campus.shortName.padEnd(10)}  ${campus.name}  (${campus.domains.join(', ')})`;
const moved = (count: number) => `${count} student${count === 1 ? '' : 's'} re-assigned`;

export const campusCommands = [
  command({
    name: 'campus',
    help: [['campus list', 'the campuses, their short names and e-mail domains, and who may sign up']],
    parse: ([verb, ...rest]) => (verb === 'list' && !rest.length ? {} : null),
    async run({ app, out }) {
      const campuses = app.services.campuses;
      const all = await campuses.all();
      if (!all.length) out('admin: no campus yet (campus add "Name" SHORT example.edu)');
      for (const campus of all) out(describe(campus));
      out(`sign-up: ${campuses.signupMode} (SIGNUP_MODE)`);
      return 0;
    },
  }),
  command({
    name: 'campus',
    help: [['campus add <name> <SHORT> <domain>...', 'a campus with one or more e-mail domains']],
    parse: ([verb, name, shortName, ...domains]) =>
      verb === 'add' && name && shortName && domains.length ? { name, shortName, domains } : null,
    async run({ app, out }, draft) {
      out(`admin: campus added: ${describe(await app.services.campuses.add(draft))}`);
      return 0;
    },
  }),
  command({
    name: 'campus',
    help: [['campus rename <SHORT> <new name> [NEWSHORT]', "change a campus's name (and short name)"]],
    parse: ([verb, shortName, name, newShortName, ...rest]) =>
      verb === 'rename' && shortName && name && !rest.length ? { shortName, name, newShortName } : null,
    async run({ app, out }, { shortName, name, newShortName }) {
      out(`admin: campus renamed: ${describe(await app.services.campuses.rename(shortName, { name, shortName: newShortName }))}`);
      return 0;
    },
  }),
  command({
    name: 'campus',
    help: [['campus add-domain <SHORT> <domain>', 'students on that domain (or under it) join the campus']],
    parse: ([verb, shortName, domain, ...rest]) =>
      verb === 'add-domain' && shortName && domain && !rest.length ? { shortName, domain } : null,
    async run({ app, out }, { shortName, domain }) {
      const { campus, reassigned } = await app.services.campuses.addDomain(shortName, domain);
      out(`admin: domain added: ${describe(campus)}; ${moved(reassigned)}`);
      return 0;
    },
  }),
  command({
    name: 'campus',
    help: [['campus remove-domain <SHORT> <domain>', 'students on it take the campus their address still names, or none']],
    parse: ([verb, shortName, domain, ...rest]) =>
      verb === 'remove-domain' && shortName && domain && !rest.length ? { shortName, domain } : null,
    async run({ app, out }, { shortName, domain }) {
      const { campus, reassigned } = await app.services.campuses.removeDomain(shortName, domain);
      out(`admin: domain removed: ${describe(campus)}; ${moved(reassigned)}`);
      return 0;
    },
  }),
];
