import type { AdminCommand, AdminContext } from './command';
import { ADMIN_COMMANDS } from './commands/index';

export const USAGE_FOOTER = `Development:  npm run admin -- <command>        (builds the api first)
Docker image: node api/dist/admin-cli.js <command>   (no build tools there)
On the embedded database, stop the app first; with DATABASE_URL it may run.`;

/** The help: every command's lines, aligned. */
export function usage(commands: AdminCommand[] = ADMIN_COMMANDS): string {
  const lines = commands.flatMap((one) => one.help);
  const width = Math.max(...lines.map(([words]) => words.length)) + 3;
  return [
    'Campus Clips admin command: accounts, campuses, the job queue, data and the schema, on the database the settings name.',
    '',
    ...lines.map(([words, meaning]) => `  ${words.padEnd(width)}${meaning}`),
    '',
    USAGE_FOOTER,
  ].join('\n');
}

/** The command the words name, with what its parse made of them; 'help', or null for words no command takes. */
export function find(
  argv: string[],
  commands: AdminCommand[] = ADMIN_COMMANDS,
): { command: AdminCommand; parsed: unknown } | 'help' | null {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') return 'help';
  for (const candidate of commands) {
    if (candidate.name !== name) continue;
    const parsed = candidate.parse(args);
    if (parsed !== null) return { command: candidate, parsed };
  }
  return null;
}

export type { AdminCommand, AdminContext };
