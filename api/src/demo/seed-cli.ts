import 'reflect-metadata';
import { createApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { seedDemoCampus } from './demo-campus';
import { DEMO_PASSWORD, DEMO_STUDENTS } from './demo-students';

/**
 * Loads the demo campus into the configured database on demand (usually PostgreSQL:
 *   DATABASE_URL=postgres://... FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node api/dist/demo/seed-cli.js
 * Media goes to the configured store (MEDIA_DIR or S3_*). Refuses without the auth emulator, so
 * demo accounts with a published password never land in a real Firebase project, and does
 * nothing when the demo students are already there.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig({ LOG_LEVEL: 'warn', ...process.env }, process.cwd(), 'tool');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`config: ${problem}`);
    return 1;
  }
  if (!config.firebase.authEmulatorHost) {
    console.error('seed: FIREBASE_AUTH_EMULATOR_HOST must be set: demo accounts are created in the auth emulator only');
    return 1;
  }
  // An operator's one-off load, not a client: abuse limits do not apply.
  const app = await createApp({ ...config, webDist: null, rateLimits: false });
  try {
    const already = await app.services.users.byIds(DEMO_STUDENTS.map((student) => student.uid));
    if (already.length) {
      console.log(`seed: the demo campus is already in this database (${already.length} demo students); nothing to do`);
      return 0;
    }
    const summary = await seedDemoCampus({
      services: app.services,
      media: app.media,
      identity: app.verifier.adminAuth,
      progress: (message) => console.log(message),
    });
    console.log(`seed: done (${app.database.kind}): ${JSON.stringify(summary)}`);
    console.log(`seed: sign in as any of ${DEMO_STUDENTS.map((student) => student.email).join(', ')} with the password ${DEMO_PASSWORD}`);
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('seed: failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
