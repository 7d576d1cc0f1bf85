import http from 'node:http';
import express from 'express';
import type { Config } from './config';
import { shareAccountDeletions } from './infra/identity/account-deletions';
import { AccountStanding, shareAccountStanding } from './infra/identity/account-standing';
import { TokenVerifier } from './infra/identity/token-verifier';
import { openDatabase, type Database } from './infra/db/data-source';
import { migrationStatus } from './infra/db/migration-status';
import { VERSION } from './version';
import { RELATIONS_CHANGED } from './modules/blocks';
import { commentTopic } from './modules/comments';
import { notificationCountTopic, type NotificationCountEvent } from './modules/notifications';
import { ENTITIES } from './modules/entities';
import { createServices, type Services } from './modules/services';
import { createAppPubSub, LIVE_RESUMED, type AppPubSub } from './infra/pubsub/pubsub';
import { coalescePerKey } from './infra/pubsub/coalesce';
import { listen } from './infra/pubsub/listen';
import { buildAppSchema } from './graphql/schema';
import { createGraphQLEndpoint, type GraphQLEndpoint } from './graphql/server';
import { documentLimits, queryLimitsRule, REQUEST_BYTES } from './graphql/query-limits';
import { createMedia, type Media } from './http/create-media';
import { cors } from './http/cors';
import { graphqlIde } from './http/graphql-ide';
import { createMetrics } from './http/metrics';
import { readPlanStats } from './infra/db/plan-stats';
import { createReadiness } from './http/readiness';
import { requestLog } from './http/request-log';
import { requestErrorHandler } from './http/request-errors';
import { securityHeaders } from './http/security-headers';
import { webApp } from './http/web-app';
import { calendarFeedRouter } from './http/calendar-feed';
import { publicBase } from './http/public-base';
import { createRestRouter } from './rest/router';
import { createLogger, type Logger } from './infra/logger';
import { createRateLimiter, type RateLimiter } from './infra/rate-limit/rate-limiter';
import type { RateLimitTable } from './shared/rate-limit-table';
import { openJobQueue, type JobQueue } from './infra/queue/job-queue';
import { createQueueMetrics } from './infra/queue/queue-metrics';
import { createProcessRegistry } from './infra/telemetry/process-metrics';
import { createVideoProcessing } from './video-processing-wiring';
import { startDataExportArchives } from './data-export-wiring';
import type { VideoProcessingService } from './modules/video-processing';

/**
 * A student's unread count is pushed at once, then at most once more per this window (with the
 * count as it is by then): like/unlike toggling costs a few pushes, not one per toggle.
 */
const UNREAD_PUSH_WINDOW_MS = 300;

export interface App {
  config: Config;
  server: http.Server;
  services: Services;
  database: Database;
  pubsub: AppPubSub;
  verifier: TokenVerifier;
  logger: Logger;
  graphql: GraphQLEndpoint;
  media: Media;
  limits: RateLimiter;
  jobs: JobQueue;
  videoProcessing: VideoProcessingService;
  /** Deletes expired data export archives (also every hour); returns how many. */
  sweepExportArchives(): Promise<number>;
  /** Tells every instance that an account's role or suspension changed. */
  announceStanding(uid: string): Promise<void>;
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/**
 * Wires the whole api onto one HTTP server: /graphql (HTTP + graphql-ws), /api (REST adapter),
 * /uploads (tus), /media (range playback), health, and the web app. Every entry point takes the
 * caller from the same TokenVerifier and calls the same services.
 */
export async function createApp(
  config: Config,
  /** Tests only: a rate-limit table of their own (small limits), in place of shared/rate-limit-table.ts's. */
  overrides: { rateLimitTable?: RateLimitTable } = {},
): Promise<App> {
  const logger = createLogger(config.logLevel);
  const logUnexpected = (error: unknown) => logger.error({ err: error }, 'unexpected error');
  const database = await openDatabase(config, ENTITIES, (message, detail) => logger.warn({ detail }, message));
  const verifier = new TokenVerifier(config);
  const pubsub = createAppPubSub(config.redisUrl);
  // A suspended or deleted account's open live channels close on every instance (set once the
  // endpoint exists; nothing is open before).
  let liveChannels: GraphQLEndpoint | null = null;
  const accountDeletions = shareAccountDeletions(pubsub, verifier, (uid) => liveChannels?.disconnect(uid));
  // Roles and suspensions, in memory on every instance and applied to every verified caller.
  const standing = new AccountStanding(database.dataSource);
  await standing.load();
  verifier.useStanding(standing);
  const standingChanges = shareAccountStanding(pubsub, standing, verifier, (uid) => {
    if (standing.suspendedUntil(uid)) liveChannels?.disconnect(uid);
  });
  const limits = createRateLimiter({ enabled: config.rateLimits, redisUrl: config.redisUrl, table: overrides.rateLimitTable });
  const media = await createMedia({ config, dataSource: database.dataSource, verifier, limits, logger });
  // One registry for this process's metrics: HTTP and GraphQL (http/metrics.ts) and the job queue.
  const registry = createProcessRegistry();
  const queueMetrics = createQueueMetrics(registry, (error) => logger.warn({ err: error }, 'queue metrics'));
  const jobs = await openJobQueue({
    databaseUrl: config.databaseUrl,
    dataSource: database.dataSource,
    pollingIntervalSeconds: config.jobPollSeconds,
    superviseIntervalSeconds: config.jobSuperviseSeconds,
    onError: (error) => logger.warn({ err: error }, 'job queue'),
    observer: queueMetrics.observer,
  });
  queueMetrics.watch(jobs);
  const videoProcessing = await createVideoProcessing({
    config,
    database,
    jobs,
    store: media.store,
    records: media.records,
    pubsub,
    logger,
  });
  const unreadPushes = coalescePerKey(UNREAD_PUSH_WINDOW_MS, (recipientUid) => {
    const event: NotificationCountEvent = { recipientUid };
    void pubsub.publish(notificationCountTopic(recipientUid), event);
  });
  // Absolute links the services write (calendar feeds, .ics files): PUBLIC_URL or the request's origin.
  const base = publicBase(config.publicUrl);
  const services = createServices({
    publicBase: base.current,
    videoPipeline: videoProcessing,
    exportArchives: { queue: jobs, store: media.store },
    reportsToHide: config.reportsToHide,
    signupMode: config.signupMode,
    announceStanding: (uid) => standingChanges.announce(uid),
    db: database.dataSource,
    media: media.service,
    commentEvents: { commentAdded: (event) => pubsub.publish(commentTopic(event.postId), event) },
    notificationEvents: { countChanged: (recipientUid) => unreadPushes.changed(recipientUid) },
    // Every instance forgets the relations its live comments were checked with (below).
    blockEvents: { relationsChanged: (uids) => pubsub.publish(RELATIONS_CHANGED, { uids }) },
    identity: {
      async deleteUser(uid) {
        await verifier.adminAuth.deleteUser(uid).catch((error: { code?: string }) => {
          if (error.code !== 'auth/user-not-found') throw error;
        });
        // After the identity is gone, so no instance can verify and cache the token again.
        accountDeletions.announce(uid);
      },
    },
  });

  // Each token verified afresh keeps the student's stored `verified` (the badge) as the token says.
  verifier.onFreshToken((viewer) => services.users.noteEmailVerified(viewer));
  await prepareCampuses(config, services, logger);
  // Archives are built where videos are (in process when TRANSCODE_WORKERS > 0, else by `npm run worker`).
  const exportArchives = await startDataExportArchives(services.dataExportArchives, {
    workers: config.transcodeWorkers > 0 ? 1 : 0,
    logger,
  });

  const relationChanges = listen(pubsub, RELATIONS_CHANGED, (payload) => {
    const uids = (payload as { uids?: unknown } | null)?.uids;
    if (Array.isArray(uids)) for (const uid of uids) if (typeof uid === 'string') services.blocks.forgetRelations(uid);
  });
  // Announcements made while this instance's Redis subscription was broken were lost.
  const relationsResumed = listen(pubsub, LIVE_RESUMED, () => services.blocks.forgetAllRelations());

  const schema = await buildAppSchema(pubsub);
  const expressApp = express();
  expressApp.disable('x-powered-by');
  // No automatic ETag: Express hashed every answer, GraphQL POSTs included, for a 304 no client of
  // this api asks for (per-viewer JSON); media and the web build set their own validators.
  expressApp.set('etag', false);
  expressApp.set('trust proxy', 'loopback, linklocal, uniquelocal');
  const server = http.createServer(expressApp);
  // (The gauge reads the endpoint's sockets only when scraped, by which time it exists.)
  const metrics = createMetrics(
    { openSubscriptions: () => graphql.openSockets(), preparedStatementPlans: () => readPlanStats(database.dataSource) },
    registry,
  );
  const graphql = await createGraphQLEndpoint({
    schema,
    services,
    verifier,
    rateLimiter: limits,
    clientAddress: (request) => clientAddressOf(expressApp, request),
    httpServer: server,
    production: config.env === 'production',
    introspection: config.graphqlIde,
    logUnexpected,
    logger,
    validationRules: [queryLimitsRule],
    plugins: [metrics.graphqlPlugin],
  });
  liveChannels = graphql;

  const readiness = createReadiness({ dataSource: database.dataSource, redisUrl: config.redisUrl });
  expressApp.use(requestLog(logger, { sqlStatementsHeader: config.env !== 'production' }));
  expressApp.use(base.middleware);
  expressApp.use(metrics.middleware);
  expressApp.use(securityHeaders({ authEmulatorHost: config.firebase.authEmulatorPublicHost }));
  expressApp.use(cors(config.corsOrigins));
  // Migrations ran on open: the schema level stays what it is now while this process runs.
  const { level: migration } = await migrationStatus(database.dataSource);
  expressApp.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', version: VERSION, migration });
  });
  expressApp.get('/readyz', readiness.handler);
  expressApp.get('/metrics', metrics.handler);
  // Upload bodies stream to the media store: the media routes come before any body parser.
  expressApp.use(media.router);
  // GraphiQL at GET /graphql and /graphql-ide/* when GRAPHQL_IDE=on; /graphql-ide/* is a 404 when off.
  expressApp.use(graphqlIde({ enabled: config.graphqlIde, webDist: config.webDist }));
  expressApp.use('/graphql', express.json({ limit: REQUEST_BYTES }), documentLimits, graphql.middleware);
  expressApp.use('/api', express.json({ limit: '100kb' }));
  expressApp.use(createRestRouter({ services, verifier, rateLimiter: limits, logUnexpected, db: database.dataSource }));
  // A calendar app's subscription: outside /api, before the web app's catch-all.
  expressApp.use(calendarFeedRouter(services.calendarFeeds));
  expressApp.use(webApp(config, services));
  expressApp.use(requestErrorHandler(logUnexpected));

  let closed = false;
  return {
    config,
    server,
    services,
    database,
    pubsub,
    verifier,
    logger,
    graphql,
    media,
    limits,
    jobs,
    videoProcessing,
    sweepExportArchives: exportArchives.sweep,
    announceStanding: (uid) => standingChanges.announce(uid),
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          const address = server.address();
          const port = typeof address === 'object' && address ? address.port : config.port;
          resolve({ port, url: `http://localhost:${port}` });
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await graphql.stop();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      // A transcode still running is left to its heartbeat: another worker retries it.
      exportArchives.stop();
      await jobs.stopWorkers(5_000);
      await jobs.close();
      await media.close();
      await accountDeletions.stop();
      await standingChanges.stop();
      await relationChanges.stop();
      await relationsResumed.stop();
      unreadPushes.stop();
      await pubsub.close();
      await limits.close();
      await readiness.close();
      await verifier.close();
      await database.close();
    },
  };
}

/**
 * FIRST_CAMPUS on a deployment with no campus yet; and a warning when sign-up is restricted and
 * there is no campus, so nobody can join (D16).
 */
async function prepareCampuses(config: Config, services: Services, logger: Logger): Promise<void> {
  const made = await services.campuses.ensureFirst(config.firstCampus);
  if (made)
    logger.info({ campus: made.shortName, domains: made.domains }, `campus ${made.name} (${made.shortName}) made from FIRST_CAMPUS`);
  if (config.signupMode === 'restricted' && !(await services.campuses.all()).length) {
    logger.warn(
      'SIGNUP_MODE=restricted and no campus yet: nobody can sign up. Set FIRST_CAMPUS or run `npm run admin -- campus add "Name" SHORT example.edu`.',
    );
  }
}

/**
 * The client's address for a request that never passes through Express (the WebSocket upgrade),
 * read the way Express reads req.ip: X-Forwarded-For as far as the 'trust proxy' setting trusts it.
 * (A view over the request with Express's request prototype; the request itself is not changed.)
 */
function clientAddressOf(expressApp: express.Express, request: http.IncomingMessage): string | null {
  const view = Object.create(expressApp.request, {
    headers: { value: request.headers },
    socket: { value: request.socket },
  }) as express.Request;
  return view.ip ?? null;
}
