import http from 'node:http';
import express from 'express';
import type { Config } from './config';
import { shareAccountDeletions } from './auth/account-deletions';
import { TokenVerifier } from './auth/token-verifier';
import { openDatabase, type Database } from './db/data-source';
import { commentTopic } from './modules/comments/comment-events';
import { createServices, type Services } from './modules/services';
import { createAppPubSub, type AppPubSub } from './graphql/pubsub';
import { buildAppSchema } from './graphql/schema';
import { createGraphQLEndpoint, type GraphQLEndpoint } from './graphql/server';
import { documentLimits, queryLimitsRule } from './graphql/limits';
import { createMedia, type Media } from './media/create-media';
import { cors } from './http/cors';
import { graphqlIde, ideAssets } from './http/graphql-ide';
import { createMetrics } from './http/metrics';
import { createReadiness } from './http/readiness';
import { requestContextMiddleware } from './http/request-context';
import { requestErrorHandler } from './http/request-errors';
import { securityHeaders } from './http/security-headers';
import { webApp } from './http/web-app';
import { createRestRouter } from './rest/router';
import { createLogger, type Logger } from './shared/logger';
import { createRateLimiter, type RateLimiter } from './shared/rate-limiter';

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
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/**
 * Wires the whole api onto one HTTP server: /graphql (HTTP + graphql-ws), /api (REST adapter),
 * /uploads (tus), /media (range playback), health, and the web app. Every entry point takes the
 * caller from the same TokenVerifier and calls the same services.
 */
export async function createApp(config: Config): Promise<App> {
  const logger = createLogger(config.logLevel);
  const logUnexpected = (error: unknown) => logger.error({ err: error }, 'unexpected error');
  const database = await openDatabase(config, (message, detail) => logger.warn({ detail }, message));
  const verifier = new TokenVerifier(config);
  const pubsub = createAppPubSub(config.redisUrl);
  const accountDeletions = shareAccountDeletions(pubsub, verifier);
  const limits = createRateLimiter({ enabled: config.rateLimits, redisUrl: config.redisUrl });
  const media = await createMedia({ config, dataSource: database.dataSource, verifier, limits, logger });
  const services = createServices({
    db: database.dataSource,
    media: media.service,
    limits,
    commentEvents: { commentAdded: (event) => pubsub.publish(commentTopic(event.postId), event) },
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

  const schema = await buildAppSchema(pubsub);
  const expressApp = express();
  expressApp.disable('x-powered-by');
  expressApp.set('trust proxy', 'loopback, linklocal, uniquelocal');
  const server = http.createServer(expressApp);
  const graphql = await createGraphQLEndpoint({
    schema,
    services,
    verifier,
    httpServer: server,
    production: config.env === 'production',
    logUnexpected,
    validationRules: [queryLimitsRule],
  });

  const metrics = createMetrics({ openSubscriptions: () => graphql.openSockets() });
  const readiness = createReadiness({ dataSource: database.dataSource, redisUrl: config.redisUrl });
  expressApp.use(requestContextMiddleware(logger));
  expressApp.use(metrics.middleware);
  expressApp.use(securityHeaders({ authEmulatorHost: config.firebase.authEmulatorPublicHost }));
  expressApp.use(cors(config.corsOrigins));
  expressApp.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  expressApp.get('/readyz', readiness.handler);
  expressApp.get('/metrics', metrics.handler);
  // Upload bodies stream to the media store: the media routes come before any body parser.
  expressApp.use(media.router);
  expressApp.use(ideAssets);
  expressApp.get('/graphql', graphqlIde());
  expressApp.use('/graphql', express.json({ limit: '100kb' }), documentLimits, graphql.middleware);
  expressApp.use('/api', express.json({ limit: '100kb' }));
  expressApp.use(createRestRouter({ services, verifier, logUnexpected }));
  expressApp.use(webApp(config));
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
      await media.close();
      await accountDeletions.stop();
      await pubsub.close();
      await limits.close();
      await readiness.close();
      await verifier.close();
      await database.close();
    },
  };
}
