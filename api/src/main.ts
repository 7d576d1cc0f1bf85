// First: tracing (when configured) must hook http, express, graphql and pg before they load.
import { tracing } from './telemetry';
import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDemoCampus } from './demo/first-start';
import { notReadyUntil } from './http/readiness';
import { watchVerificationLinks } from './infra/identity/emulator-links';

/** Reads the configuration, opens everything, listens; stops cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  // First start of an empty embedded database: load the demo campus (SEED_DEMO=false skips it).
  // Until it is in, /readyz says 'starting' and the ready line waits, so nobody signs in to an empty feed.
  const demoCampus = prepareDemoCampus(app);
  notReadyUntil(demoCampus);
  const { url } = await app.listen();
  // Development with the emulator: its e-mail verification links in the log, as a mail catcher shows mail (D16).
  const links =
    config.firebase.authEmulatorHost && config.env !== 'production'
      ? watchVerificationLinks({
          emulatorHost: config.firebase.authEmulatorHost,
          projectId: config.firebase.projectId,
          onLink: ({ email, link }) => app.logger.info({ verificationLink: link, email }, `e-mail verification link for ${email}: ${link}`),
        })
      : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, 'draining and stopping');
    links?.stop();
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await demoCampus;
  app.logger.info({ url, database: app.database.kind, pubsub: app.pubsub.kind }, `Campus Clips api listening on ${url}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
