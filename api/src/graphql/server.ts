import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { ApolloServer, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TokenVerifier } from '../infra/identity/token-verifier';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import type { Viewer } from '../shared/viewer';
import type { Services } from '../modules/services';
import { AppError } from '../shared/errors';
import { rateLimitHeaders } from '../shared/rate-limit-outcome';
import type { Logger } from '../infra/logger';
import { createContext, createLoaders, type GraphQLContext } from '../modules/graphql-context';
import { formatError } from './errors';
import { documentSizeError, REQUEST_BYTES, subscriptionsOnlyRule } from './query-limits';
import { sharedSubscribe } from './shared-subscribe';

export interface GraphQLEndpoint {
  middleware: RequestHandler;
  /** Open graphql-ws connections (for metrics and draining). */
  openSockets(): number;
  /**
   * Closes every live channel of this account on this instance with 4403 Forbidden, as a refused
   * sign-in would (app.ts: on every instance, when the account is suspended or deleted).
   */
  disconnect(uid: string): void;
  stop(): Promise<void>;
}

interface Options {
  schema: GraphQLSchema;
  services: Services;
  verifier: TokenVerifier;
  /** The process's one limiter, which @RateLimited fields count with (the budget REST and tus spend too). */
  rateLimiter: RateLimiter;
  /**
   * The client's address for a request Express never sees (the WebSocket upgrade), read as Express
   * reads req.ip; HTTP requests use req.ip itself.
   */
  clientAddress(request: IncomingMessage): string | null;
  httpServer: HttpServer;
  /** In production, validation errors name no schema details ("Did you mean …?"), over HTTP and WebSocket alike. */
  production: boolean;
  /** Schema introspection (the IDE reads the schema through it). */
  introspection: boolean;
  logUnexpected: (error: unknown) => void;
  /** Where errors on a WebSocket (a client breaking the protocol, such as a message past maxPayload) are logged, as warnings. */
  logger: Logger;
  /** Checks beyond the GraphQL spec's, applied over HTTP and WebSocket alike. */
  validationRules?: ValidationRule[];
  /** More Apollo plugins (the metrics' hooks); they see GraphQL over HTTP only. */
  plugins?: Array<ApolloServerPlugin<GraphQLContext>>;
}

/** Apollo Server over HTTP and graphql-ws on the same /graphql path, both with the same Viewer rule. */
export async function createGraphQLEndpoint(options: Options): Promise<GraphQLEndpoint> {
  const { schema, services, verifier, rateLimiter, httpServer } = options;
  const validationRules = options.validationRules ?? [];
  // The one switch for both transports: Apollo passes these to graphql's validate(), and so does the socket.
  const validationOptions = { hideSuggestions: options.production };

  // A message past what HTTP would read is dropped unread, closing the socket with 1009.
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: REQUEST_BYTES });
  // Each signed-in account's open sockets, so that a suspension or deletion can close them.
  const socketsByUid = new Map<string, Set<WebSocket>>();
  const track = (uid: string, socket: WebSocket) => {
    if (socket.readyState !== socket.OPEN) return; // closed while its token was being checked
    let sockets = socketsByUid.get(uid);
    if (!sockets) socketsByUid.set(uid, (sockets = new Set()));
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (!sockets.size && socketsByUid.get(uid) === sockets) socketsByUid.delete(uid);
    });
  };
  const wsCleanup = useServer<Record<string, unknown>, { viewer: Viewer | null; clientAddress: string | null }>(
    {
      // (No schema option: onSubscribe below hands graphql-ws the schema with the checked document.)
      // One execution per comment for all the subscribers that asked the same thing, each with
      // fresh loaders: the context below lives as long as the subscription, and loaders cache.
      subscribe: (args) =>
        sharedSubscribe(args, (context) => {
          const subscription = context as GraphQLContext;
          return { ...subscription, loaders: createLoaders(services, subscription.viewer) } satisfies GraphQLContext;
        }),
      onConnect: async (ctx) => {
        try {
          ctx.extra.viewer = await verifier.viewerFromHeader(tokenFromParams(ctx.connectionParams));
          ctx.extra.clientAddress = options.clientAddress(ctx.extra.request);
          if (ctx.extra.viewer) track(ctx.extra.viewer.uid, ctx.extra.socket);
          return true;
        } catch {
          return false; // closes with 4403 Forbidden: a bad token never opens a live channel
        }
      },
      // The document checks HTTP makes, in HTTP's order (size, parse, validate), before anything is
      // subscribed. Each failure is an error message for this subscription alone: a document that
      // does not parse must not reach graphql-ws's own parse(), whose throw closes the whole socket
      // with 4500 and goes to console.error. Handing back the parsed document means graphql-ws
      // neither parses nor validates again. (Introspection needs no rule here: a subscription
      // cannot select __schema or __type.)
      onSubscribe: (_ctx, _id, payload) => {
        const tooLarge = documentSizeError(payload.query);
        if (tooLarge) return [tooLarge];
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          if (error instanceof GraphQLError) return [asParseFailure(error)];
          throw error;
        }
        const invalid = validate(schema, document, [...specifiedRules, ...validationRules, subscriptionsOnlyRule], validationOptions);
        if (invalid.length > 0) return invalid.map(asValidationFailure);
        // As HTTP answers it: an operationName the document does not hold, or several operations and none named.
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [operationNotResolved(payload.operationName)];
        // Variables that do not fit their types (or a required one missing) are the client's error,
        // as over HTTP (BAD_USER_INPUT); graphql-ws would otherwise execute and answer them as a
        // server fault.
        const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {}, { maxErrors: 50 });
        if (coerced.errors) return coerced.errors.map(asBadUserInput);
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      // (subscriptionsOnlyRule lets no mutation through here, so no @RateLimited field runs on a
      // socket today; one that did would count like HTTP, and its outcome would go unreported.)
      context: (ctx) => createContext(services, ctx.extra.viewer ?? null, rateLimiter, ctx.extra.clientAddress ?? null),
      // Live errors leave in the same codes and words as HTTP ones, and nothing internal leaks.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error, options.logUnexpected)) }
          : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error.toJSON(), error, options.logUnexpected)),
    },
    wsServer,
  );
  // graphql-ws writes any error on a socket to console.error, and any client can cause one (a message
  // past maxPayload, an invalid frame). ws has already begun closing the socket with the fitting code
  // (1009, 1002, …) before it emits the error, so only the logging changes: ours, as a warning.
  // (Registered after useServer, so graphql-ws's listener is there to be replaced.)
  wsServer.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error) => options.logger.warn({ err: error }, 'WebSocket closed on a protocol error'));
  });

  const responseHeaders: GraphQLRequestListener<GraphQLContext> = {
    async willSendResponse({ response, contextValue }) {
      response.http.headers.set('cache-control', 'no-store');
      const outcome = contextValue.rateLimit;
      if (!outcome) return;
      for (const [name, value] of Object.entries(rateLimitHeaders(outcome))) response.http.headers.set(name, value);
      if (outcome.refused) response.http.status = 429;
    },
  };
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: options.introspection,
    includeStacktraceInErrorResponses: false,
    // main.ts owns SIGTERM/SIGINT (drain, then close everything); Apollo's own handler would stall it.
    stopOnTerminationSignals: false,
    validationRules,
    validationOptions, // (in place of hideSchemaDetailsFromClientErrors, whose plugin only edits HTTP's errors)
    formatError: (formatted, error) => formatError(formatted, error, options.logUnexpected),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // The app serves its own IDE (or none); Apollo's landing page would load Apollo's from a CDN.
      ApolloServerPluginLandingPageDisabled(),
      // No field carries a cache hint, so Apollo's default cache-control plugin only ever answered
      // "no-store", yet it hooked every resolved field to work that out (about a tenth of a feed
      // page's CPU). The hook below sends the same header on the same responses.
      ApolloServerPluginCacheControlDisabled(),
      // The outcome @RateLimited left on the context leaves as RateLimit headers, and a refused
      // write answers 429 like the REST routes do. (One listener object for every request.)
      {
        async requestDidStart() {
          return responseHeaders;
        },
      },
      ...(options.plugins ?? []),
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
        return createContext(services, await verifier.viewerFromHeader(req.headers.authorization), rateLimiter, req.ip ?? null);
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
    disconnect(uid) {
      for (const socket of socketsByUid.get(uid) ?? []) socket.close(CloseCode.Forbidden, 'Forbidden');
    },
    async stop() {
      await apollo.stop();
      wsServer.close();
    },
  };
}

/** Apollo answers a document that does not parse like this (its SyntaxError); the socket says the same. */
function asParseFailure(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    source: error.source,
    positions: error.positions,
    originalError: error,
    extensions: { ...error.extensions, code: ApolloServerErrorCode.GRAPHQL_PARSE_FAILED },
  });
}

function operationNotResolved(name: string | null | undefined): GraphQLError {
  const message = name ? `Unknown operation named "${name}".` : 'Must provide operation name if query contains multiple operations.';
  return new GraphQLError(message, { extensions: { code: ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE } });
}

/** Apollo answers variables that do not fit their types with this code; the socket says the same. */
function asBadUserInput(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error,
    extensions: { ...error.extensions, code: ApolloServerErrorCode.BAD_USER_INPUT },
  });
}

/** Apollo answers HTTP validation errors with this code; the socket says the same (formatError lets it through). */
function asValidationFailure(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error,
    extensions: { ...error.extensions, code: 'GRAPHQL_VALIDATION_FAILED' },
  });
}

function tokenFromParams(params: Readonly<Record<string, unknown>> | undefined): string | null {
  const value = params?.authorization ?? params?.Authorization ?? (params?.token ? `Bearer ${String(params.token)}` : null);
  return typeof value === 'string' ? value : null;
}
