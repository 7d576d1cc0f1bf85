import type { App } from '../app';
import { User } from '../modules/users';
import { ensureDemoAccounts } from './demo-accounts';
import { ensureDemoCampus, seedDemoCampus } from './demo-campus';
import { DEMO_STUDENTS } from './demo-students';

/**
 * Runs as the api starts; main.ts keeps the api not ready until it is done. On the first start of
 * an empty embedded database (and unless SEED_DEMO=false) it loads the demo campus. On later
 * starts it gives the auth emulator the demo accounts back if it lost them (an emulator keeps
 * accounts in memory unless it saved them on a clean stop). Never throws: a failed demo load is
 * logged and the api becomes ready without it.
 *
 * Logs exactly one line with a `demo` field: seeded | restored | present | skipped | failed.
 */
export async function prepareDemoCampus(app: App): Promise<void> {
  const { config, logger } = app;
  try {
    if (!config.firebase.authEmulatorHost) {
      logger.info({ demo: 'skipped', reason: 'no auth emulator' }, 'demo campus: skipped (demo accounts need the auth emulator)');
      return;
    }
    const users = app.database.dataSource.getRepository(User);
    const present = await demoStudentsInDatabase(app);
    if (present.length) {
      const restored = await ensureDemoAccounts(app.verifier.adminAuth, present);
      // A demo loaded before campuses existed gets its campus now.
      await ensureDemoCampus(app.services, present);
      logger.info(
        { demo: restored ? 'restored' : 'present', restored },
        `demo campus: present${restored ? `, ${restored} emulator accounts restored` : ''}`,
      );
      return;
    }
    const reason = !config.seedDemo
      ? 'SEED_DEMO=false'
      : app.database.kind !== 'pglite'
        ? 'not the embedded database'
        : (await users.count()) > 0
          ? 'database not empty'
          : null;
    if (reason) {
      logger.info({ demo: 'skipped', reason }, `demo campus: skipped (${reason})`);
      return;
    }
    const started = Date.now();
    const summary = await seedDemoCampus({
      services: app.services,
      media: app.media,
      identity: app.verifier.adminAuth,
      progress: (message) => logger.info(message),
    });
    logger.info(
      { demo: 'seeded', ...summary, seconds: Math.round((Date.now() - started) / 100) / 10 },
      `demo campus: ready (${summary.students} students, ${summary.posts} posts); sign in as ${DEMO_STUDENTS[0]!.email}`,
    );
  } catch (error) {
    logger.error({ demo: 'failed', err: error }, 'demo campus: could not be prepared');
  }
}

/** The demo students whose profiles are in the database. */
async function demoStudentsInDatabase(app: App) {
  const rows = await app.services.users.byIds(DEMO_STUDENTS.map((student) => student.uid));
  const ids = new Set(rows.map((row) => row.id));
  return DEMO_STUDENTS.filter((student) => ids.has(student.uid));
}
