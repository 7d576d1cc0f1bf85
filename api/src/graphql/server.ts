import type { Server as HttpServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Viewer } from '../auth/viewer';
import type { Services } from '../modules/services';
import { AppError, RateLimitedError } from '../shared/errors';
import { createContext, type GraphQLContext } from './context';
import { formatError } from './errors';
import { sharedSubscribe } from './shared-subscribe';

export interface GraphQLEndpoint {
  middleware: RequestHandler;
  /** Open graphql-ws connections (for metrics and draining). */
  openSockets(): number;
  stop(): Promise<void>;
}

interface Options {
  schema: GraphQLSchema;
  services: Services;
  verifier: TokenVerifier;
  httpServer: HttpServer;
  production: boolean;
  logUnexpected: (error: unknown) => void;
  validationRules?: ConstructorParameters<typeof ApolloServer>[0]['validationRules'];
}

/** Apollo Server over HTTP and graphql-ws on the same /graphql path, both with the same Viewer rule. */
export async function createGraphQLEndpoint(options: Options): Promise<GraphQLEndpoint> {
  const { schema, services, verifier, httpServer } = options;

  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer<Record<string, unknown>, { viewer: Viewer | null }>(
    {
      schema,
      // One execution per comment for all the subscribers that asked the same thing.
      subscribe: sharedSubscribe,
      onConnect: async (ctx) => {
        try {
          ctx.extra.viewer = await verifier.viewerFromHeader(tokenFromParams(ctx.connectionParams));
          return true;
        } catch {
          return false; // closes with 4403 Forbidden: a bad token never opens a live channel
        }
      },
      context: (ctx) => createContext(services, ctx.extra.viewer ?? null),
      // Live errors leave in the same codes and words as HTTP ones, and nothing internal leaks.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error, options.logUnexpected)) } : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error.toJSON(), error, options.logUnexpected)),
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // main.ts owns SIGTERM/SIGINT (drain, then close everything); Apollo's own handler would stall it.
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: options.production,
    validationRules: options.validationRules,
    formatError: (formatted, error) => formatError(formatted, error, options.logUnexpected),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // No field carries a cache hint, so Apollo's default cache-control plugin only ever answered
      // "no-store", yet it hooked every resolved field to work that out (about a tenth of a feed
      // page's CPU). The hook below sends the same header on the same responses.
      ApolloServerPluginCacheControlDisabled(),
      // A refused write answers 429 like the REST routes do (the RateLimit headers come from the request context).
      {
        async requestDidStart() {
          return {
            async willSendResponse({ response, errors }) {
              response.http.headers.set('cache-control', 'no-store');
              if (errors?.some((error) => unwrapResolverError(error) instanceof RateLimitedError)) response.http.status = 429;
            },
          };
        },
      },
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const middleware = expressMiddleware(apollo, {
    context: async ({ req }) => {
      try {
        return createContext(services, await verifier.viewerFromHeader(req.headers.authorization));
      } catch (error) {
        if (error instanceof AppError) {
          throw new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status } } });
        }
        throw error;
      }
    },
  });

  return {
    middleware,
    openSockets: () => wsServer.clients.size,
    async stop() {
      await apollo.stop();
      wsServer.close();
    },
  };
}

function tokenFromParams(params: Readonly<Record<string, unknown>> | undefined): string | null {
  const value = params?.authorization ?? params?.Authorization ?? (params?.token ? `Bearer ${String(params.token)}` : null);
  return typeof value === 'string' ? value : null;
}
