import type { AdminCommand } from '../command';
import { campusCommands } from './campuses';
import { exportCommand } from './export';
import { migrationCommands } from './migrations';
import { queueCommands } from './queue';
import { roleCommands } from './roles';
import { statsCommand } from './stats';
import { suspensionCommands } from './suspensions';

/** Every admin command, in the order the help lists them. A new one: its file here, and one line below. */
export const ADMIN_COMMANDS: AdminCommand[] = [
  ...roleCommands,
  ...suspensionCommands,
  ...queueCommands,
  statsCommand,
  exportCommand,
  ...migrationCommands,
  ...campusCommands,
];
