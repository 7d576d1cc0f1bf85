import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';

const USAGE = 'usage: npm run admin -- grant admin|moderator <email>   or   npm run admin -- revoke admin|moderator <email>';

/**
 * `npm run admin -- grant admin <email>`: roles from the command line, on the database the settings
 * name (the embedded one, with the app stopped, or PostgreSQL), audited as 'command line'. The
 * first admin comes from here; admins then grant moderators in the app. Running instances learn
 * the change at once through Redis when REDIS_URL is set, else at their next start.
 */
async function main(argv: string[]): Promise<number> {
  const [verb, role, email] = argv;
  if (!['grant', 'revoke'].includes(verb ?? '') || !['admin', 'moderator'].includes(role ?? '') || !email) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      return 1;
    }
    throw error;
  }
  const app = await createApp({ ...config, webDist: null, transcodeWorkers: 0, seedDemo: false });
  try {
    const newRole = verb === 'grant' ? (role as 'admin' | 'moderator') : 'student';
    const uid = await app.services.moderation.setRoleByEmail(email, newRole).catch((error: Error) => {
      console.error(`admin: ${error.message} (${email}: the student must have signed in once)`);
      return null;
    });
    if (!uid) return 1;
    await app.announceStanding(uid);
    console.log(`admin: ${email} is now ${newRole === 'student' ? 'a student' : `a${newRole === 'admin' ? 'n' : ''} ${newRole}`}`);
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
