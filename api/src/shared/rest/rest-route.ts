import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { LimitedAction } from '../rate-limit-table';
import type { Viewer } from '../viewer';

/**
 * One of the spec's /api routes (§7), declared beside its feature (`modules/<feature>/<f>.rest.ts`)
 * and mounted by rest/router.ts. The router runs the same chain for every route: the caller from
 * the verified token (401 for a route with access 'user'), the route's rate limit, the caller's
 * claim to act for the uid the request names (`actsAs`, D1: 403 when it is someone else's), the
 * request's params, query and body through the route's zod schemas (400 naming the first wrong
 * field), and then `handle`, whose answer goes out as `{ success: true, message: 'OK', ...answer }`.
 */
export type RestAccess = 'user' | 'public';

/** Where a request names who acts: a path parameter, or a body field, that must be the caller's uid when given. */
export type ActsAs = { param: string } | { body: string };

export type RestAnswer = Record<string, unknown> | RestAttachment;

/**
 * A file a route answers instead of the JSON body (an event's .ics), sent as an attachment: text,
 * or a stream of `size` bytes (a data export archive, from the media store).
 * Failures still answer the usual JSON error body.
 */
export class RestAttachment {
  constructor(
    readonly contentType: string,
    readonly fileName: string,
    readonly body: string | { stream: Readable; size: number },
  ) {}
}

interface RouteBase {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /**
   * The abuse limit this route counts against (shared/rate-limit-table.ts), before it runs; GraphQL's
   * field spends the same budget. Every write has one (test/api/rate-limits-every-write.test.ts checks).
   */
  rateLimit?: LimitedAction;
  /** The route's default failure message, for anything a service did not name. */
  failure: string;
  /** The spec's failure body for this call has an `error` field (§7, §8): it names the failure in the spec's words. */
  failureHasError?: boolean;
  status?: number;
}

/** What a handler is given: the entry's context, the caller, and the request as its schemas read it. */
export type RestCall<Context, Access extends RestAccess, Params, Query, Body> = Context & {
  /** A Viewer for a route with access 'user' (the router's one requireViewer), `Viewer | null` for a public one. */
  viewer: Access extends 'user' ? Viewer : Viewer | null;
  params: Params;
  query: Query;
  body: Body;
};

/** A route as written beside its feature: its schemas type what its handler receives. */
export interface RestRouteDefinition<Context, Access extends RestAccess, Params, Query, Body> extends RouteBase {
  access: Access;
  /** Only for access 'user': the request names who acts, and it must be the caller (users' policy, `actAs`). */
  actsAs?: Access extends 'user' ? ActsAs : never;
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  handle(call: RestCall<Context, Access, Params, Query, Body>): Promise<RestAnswer>;
}

/** A route as the router mounts it: what its schemas give, the handler takes. */
export interface RestRoute<Context = unknown> extends RouteBase {
  access: RestAccess;
  actsAs?: ActsAs;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  handle(call: RestCall<Context, RestAccess, unknown, unknown, unknown>): Promise<RestAnswer>;
}

/** Nothing: what a handler gets for a part of the request its route has no schema for. */
type Unread = Record<string, never>;

/**
 * `const route = restRoute<RestContext>()`, then `route({ ... })` for each route: the handler's
 * params, query and body are typed by the route's schemas.
 */
export function restRoute<Context>() {
  return <Access extends RestAccess, Params = Unread, Query = Unread, Body = Unread>(
    definition: RestRouteDefinition<Context, Access, Params, Query, Body>,
  ): RestRoute<Context> => definition as unknown as RestRoute<Context>;
}
