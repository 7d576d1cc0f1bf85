import fc from 'fast-check';
import { z } from 'zod';
import { parseRestDate } from '../../../src/modules/calendar/calendar-rest-dates';
import type { RestRoute } from '../../../src/modules/rest-context';
import { REST_ROUTES } from '../../../src/rest/router';
import { fieldKinds, type FieldKind as RequestFieldKind } from '../../../src/shared/rest/request-schemas';
import { INTEREST_CATALOGUE } from '../../../src/shared/validation';
import type { FuzzRequest } from './fuzz-client';
import type { FuzzWorld } from './fuzz-world';
import {
  anyJson,
  hostileNumber,
  hostileText,
  INVALID_DATES,
  junkAuthorization,
  junkStructure,
  notText,
  overLimitText,
  VALID_DATES,
} from './hostile-values';

/**
 * Requests for every route of the REST route table (REST_ROUTES), so a new route is fuzzed
 * without a change here. Each route's path parameters come from its path; its body fields and
 * their kinds from its body schema (shared/rest/request-schemas.ts registers each field schema's
 * kind) and the body field that names who acts (`actsAs`); fields of other routes are thrown in as well.
 */
export type FieldKind = RequestFieldKind | 'unknown';

export interface RouteShape {
  route: RestRoute;
  key: string;
  params: string[];
  fields: Map<string, FieldKind>;
  queryNames: string[];
}

/**
 * Query parameters besides those the route's query schema names: the feeds' and the calendar's
 * `dates` ('iso' | 'datestring'; queryString throws in both and junk), thrown at every route.
 */
const COMMON_QUERY = ['page', 'limit', 'cursor', 'dates'];

/** The fields of an object schema, through the preprocessing and transforms around it. */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return { ...objectShape(schema.in as z.ZodType), ...objectShape(schema.out as z.ZodType) };
  return {};
}

/** A field schema's registered kind, through the transforms a route adds to it. */
function kindOf(schema: z.ZodType): FieldKind {
  const kind = fieldKinds.get(schema)?.kind;
  if (kind) return kind;
  return schema instanceof z.ZodPipe ? kindOf(schema.in as z.ZodType) : 'unknown';
}

export function routeShapes(routes: RestRoute[] = REST_ROUTES): RouteShape[] {
  return routes.map((route) => {
    const fields = new Map<string, FieldKind>();
    if (route.actsAs && 'body' in route.actsAs) fields.set(route.actsAs.body, 'text');
    for (const [name, schema] of Object.entries(objectShape(route.body))) fields.set(name, kindOf(schema));
    const queryNames = [...new Set([...Object.keys(objectShape(route.query)), ...COMMON_QUERY])];
    return {
      route,
      key: `${route.method.toUpperCase()} ${route.path}`,
      params: [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!),
      fields,
      queryNames,
    };
  });
}

interface Known {
  ids: string[];
  strings: string[];
}

function knownOf(world: FuzzWorld): Known {
  const { posts, comments, users, videos, photos } = world.ids;
  return { ids: [...posts, ...comments, ...users], strings: [...videos, ...photos, ...users, ...INTEREST_CATALOGUE, ...VALID_DATES] };
}

const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A path segment: usually the value encoded; sometimes raw, broken percent-encoding. */
interface Segment {
  value: string;
  raw?: boolean;
}

const brokenEncoding = fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '%C0%AF', '%ff%fe', '..%2F..%2Fetc%2Fpasswd', '%2e%2e');
const shortHostile = hostileText.map((text) => text.slice(0, 300));

/** A path value that names nothing that exists (and is not the caller's own uid). */
const namesNothing: fc.Arbitrary<Segment> = fc.oneof(
  shortHostile.filter((text) => text.trim().length > 0 && !/^\.+$/.test(text)).map((value) => ({ value })),
  fc.uuid().map((value) => ({ value })),
  brokenEncoding.map((value) => ({ value, raw: true })),
);

function anySegment(known: Known): fc.Arbitrary<Segment> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.ids).map((value) => ({ value })) },
    { weight: 1, arbitrary: namesNothing },
  );
}

/** Dates parseRestDate refuses. */
const invalidRestDate = fc.oneof(fc.constantFrom(...INVALID_DATES), hostileText).filter((text) => {
  try {
    parseRestDate(text);
    return false;
  } catch {
    return true;
  }
});

function conformValue(kind: FieldKind, known: Known): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 4, arbitrary: fc.constantFrom(...known.strings) },
    { weight: 1, arbitrary: overLimitText },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const item = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.strings) }, { weight: 1, arbitrary: shortHostile });
  const list = fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.array(item, { maxLength: 60 }) },
  );
  switch (kind) {
    case 'text':
      return text;
    case 'list':
      return fc.oneof(list, fc.constant(null));
    case 'textOrList':
      return fc.oneof(text, list);
    case 'date':
      return fc.oneof(fc.constantFrom(...VALID_DATES, 'Mon Nov 23 2026', 'Sun Feb 29 2032'), invalidRestDate, fc.constant(null));
    case 'object':
      // An object field is an event post's event: real-looking values and hostile ones in each field, or none.
      return fc.oneof(
        fc.record(
          {
            name: text,
            date: fc.oneof(fc.constantFrom('2031-03-14', '2030-12-31', '2020-01-01', '2031-02-30'), shortHostile),
            startTime: fc.oneof(fc.constantFrom('19:00', '00:00', '23:59', '24:00', '7pm'), shortHostile),
            endTime: fc.oneof(fc.constantFrom('21:30', '18:00'), shortHostile, fc.constant(null)),
            place: text,
            timeZone: fc.oneof(fc.constantFrom('Europe/London', 'America/New_York', 'UTC', 'Mars/Olympus', '+02:00'), shortHostile),
          },
          { requiredKeys: [] },
        ),
        fc.constant(null),
      );
    default:
      return anyJson;
  }
}

const notAnArray = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  junkStructure.filter((value) => !Array.isArray(value)),
);
const listWithNonText = fc
  .tuple(fc.array(shortHostile, { maxLength: 3 }), fc.oneof(hostileNumber, fc.boolean(), fc.constant(null), junkStructure))
  .map(([texts, odd]) => [...texts, odd]);

/** A value this kind of field always refuses, or null when none is known. */
function violatingValue(kind: FieldKind): fc.Arbitrary<unknown> | null {
  switch (kind) {
    case 'text':
      return fc.oneof({ weight: 3, arbitrary: notText }, { weight: 1, arbitrary: overLimitText });
    case 'list':
      return fc.oneof(notAnArray, listWithNonText);
    case 'textOrList':
      return fc.oneof(
        hostileNumber,
        fc.boolean(),
        junkStructure.filter((value) => !Array.isArray(value)),
        listWithNonText,
        overLimitText,
      );
    case 'date':
      return fc.oneof(invalidRestDate, notText);
    case 'object':
      return fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.array(shortHostile, { maxLength: 3 }));
    default:
      return null;
  }
}

const junkKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'uid', 'email', 'role', 'isAdmin', 'likes', 'followerCount', 'authorUid', '$where'),
    fc.string({ maxLength: 10 }),
  ),
  anyJson,
  { maxKeys: 3 },
);

function allFieldNames(shapes: RouteShape[]): Map<string, FieldKind> {
  const all = new Map<string, FieldKind>();
  for (const shape of shapes) for (const [name, kind] of shape.fields) if (!all.has(name)) all.set(name, kind);
  return all;
}

/** A body whose fields have the right kinds (with hostile values), plus fields of other routes and junk keys. */
function conformBody(shape: RouteShape, shapes: RouteShape[], known: Known): fc.Arbitrary<Record<string, unknown>> {
  const own = Object.fromEntries([...shape.fields].map(([name, kind]) => [name, conformValue(kind, known)]));
  const others = Object.fromEntries(
    [...allFieldNames(shapes)].filter(([name]) => !shape.fields.has(name)).map(([name, kind]) => [name, conformValue(kind, known)]),
  );
  return fc
    .tuple(
      fc.record(own, { requiredKeys: [] }),
      fc.option(fc.record(others, { requiredKeys: [] }), { freq: 3 }),
      fc.option(junkKeys, { freq: 3 }),
    )
    .map(([mine, theirs, junk]) => ({ ...junk, ...theirs, ...mine }));
}

/** Every field the route reads is absent, null or refused, and at least one is refused. Null when the route reads no refusable field. */
function violatingBody(shape: RouteShape, known: Known): fc.Arbitrary<Record<string, unknown>> | null {
  const refusable = [...shape.fields].filter(([, kind]) => violatingValue(kind));
  if (!refusable.length) return null;
  const others = [...shape.fields].filter(([, kind]) => !violatingValue(kind));
  return fc
    .tuple(
      fc.constantFrom(...refusable.map(([name]) => name)),
      fc.record(Object.fromEntries(refusable.map(([name, kind]) => [name, fc.oneof(violatingValue(kind)!, fc.constant(null))])), {
        requiredKeys: [],
      }),
      fc.record(Object.fromEntries(others.map(([name, kind]) => [name, conformValue(kind, known)])), { requiredKeys: [] }),
      junkKeys,
    )
    .chain(([surely, maybe, rest, junk]) =>
      violatingValue(shape.fields.get(surely)!)!.map((value) => ({ ...junk, ...rest, ...maybe, [surely]: value })),
    );
}

function queryString(shape: RouteShape): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileText.map((text) => encodeURIComponent(wellFormed(text.slice(0, 500)))),
    hostileNumber.map(String),
    fc.constantFrom('0', '-1', '51', '1e3', '1.5', 'NaN', 'datestring', 'iso', ''),
    brokenEncoding,
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...shape.queryNames, 'page[]', 'limit[a]'), value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([name, text]) => `${name}=${text}`).join('&')}` : ''));
}

function pathOf(shape: RouteShape, segments: Record<string, Segment>): string {
  return shape.route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const segment = segments[name]!;
    return segment.raw ? segment.value : encodeURIComponent(wellFormed(segment.value));
  });
}

function restRequest(
  shape: RouteShape,
  parts: { segments: Record<string, Segment>; query: string; body?: unknown; authorization?: string; mustRefuse: boolean },
): FuzzRequest {
  const reads = shape.route.method === 'get';
  return {
    target: shape.key,
    method: shape.route.method.toUpperCase(),
    path: pathOf(shape, parts.segments) + parts.query,
    authorization: parts.authorization,
    json: reads ? undefined : parts.body,
    graphql: false,
    mustRefuse: parts.mustRefuse,
    // A route that answers a file (an event's .ics) answers it as text, not JSON; its failures are still JSON.
    answersText: shape.route.path.endsWith('.ics'),
  };
}

function segmentsOf(shape: RouteShape, value: fc.Arbitrary<Segment>): fc.Arbitrary<Record<string, Segment>> {
  return fc.record(Object.fromEntries(shape.params.map((name) => [name, value])));
}

/**
 * The student's own token and a request every route must refuse: a path that names nothing, or
 * a body whose fields are of the wrong kind or over every limit. Reads (GET) are thrown in with
 * any input: they may answer, but they must not change anything either.
 */
export function refusedRequests(world: FuzzWorld, shapes: RouteShape[] = routeShapes()): fc.Arbitrary<FuzzRequest> {
  const known = knownOf(world);
  const authorization = `Bearer ${world.student.token}`;
  const options: Array<fc.Arbitrary<FuzzRequest>> = [];
  for (const shape of shapes) {
    if (shape.route.method === 'get') {
      options.push(
        fc
          .tuple(segmentsOf(shape, anySegment(known)), queryString(shape))
          .map(([segments, query]) => restRequest(shape, { segments, query, authorization, mustRefuse: false })),
      );
      continue;
    }
    if (shape.params.length) {
      options.push(
        fc
          .tuple(segmentsOf(shape, namesNothing), conformBody(shape, shapes, known))
          .map(([segments, body]) => restRequest(shape, { segments, query: '', body, authorization, mustRefuse: true })),
      );
    }
    const body = violatingBody(shape, known);
    if (body) {
      options.push(
        fc
          .tuple(segmentsOf(shape, anySegment(known)), body)
          .map(([segments, value]) => restRequest(shape, { segments, query: '', body: value, authorization, mustRefuse: true })),
      );
    }
    options.push(
      fc
        .tuple(
          segmentsOf(shape, anySegment(known)),
          fc.constantFrom('{', '{"text": "hi"', "{'a': 1}", 'null garbage', '[,]', '"\\ud800', '{"a":1}}', 'NaN'),
        )
        .map(([segments, raw]) => ({
          ...restRequest(shape, { segments, query: '', authorization, mustRefuse: true }),
          raw: { body: raw, contentType: 'application/json' },
        })),
    );
  }
  return fc.oneof(...options);
}

/** The student's own token and bodies of the right kinds with hostile values, or junk bodies: accepted or refused, never a fault. */
export function conformingRequests(world: FuzzWorld, shapes: RouteShape[] = routeShapes()): fc.Arbitrary<FuzzRequest> {
  const known = knownOf(world);
  const authorization = `Bearer ${world.student.token}`;
  return fc.oneof(
    ...shapes.map((shape) =>
      fc
        .tuple(
          segmentsOf(shape, anySegment(known)),
          queryString(shape),
          fc.oneof({ weight: 5, arbitrary: conformBody(shape, shapes, known) }, { weight: 1, arbitrary: junkStructure }),
        )
        .map(([segments, query, body]) => restRequest(shape, { segments, query, body, authorization, mustRefuse: false })),
    ),
  );
}

/** Junk Authorization headers on every route: a route that needs a user refuses them all. */
export function junkAuthRequests(world: FuzzWorld, shapes: RouteShape[] = routeShapes()): fc.Arbitrary<FuzzRequest> {
  const known = knownOf(world);
  const auth = junkAuthorization(world.expiredToken);
  return fc.oneof(
    ...shapes.map((shape) =>
      fc
        .tuple(
          segmentsOf(shape, anySegment(known)),
          queryString(shape),
          fc.oneof(conformBody(shape, shapes, known), violatingBody(shape, known) ?? fc.constant({})),
          auth,
        )
        .map(([segments, query, body, authorization]) =>
          restRequest(shape, { segments, query, body, authorization, mustRefuse: shape.route.access === 'user' }),
        ),
    ),
  );
}

/** The calendar feed: outside the route table, and signed out by design (calendar apps send no token): its secret address is the key. */
export const CALENDAR_FEED_TARGET = 'GET /calendar-feed/:file';

/**
 * Addresses of calendar feeds: made-up secrets, near misses of the student's real one (a character
 * changed, cut short, another suffix), other ids, hostile and broken path text, with any
 * Authorization header or none: every one refused. Now and then the real address, which answers.
 */
export function calendarFeedRequests(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const secret = world.calendarFeedSecret;
  const known = knownOf(world);
  const nearMiss = fc.oneof(
    fc
      .tuple(fc.nat(secret.length - 1), fc.constantFrom(...'Aa0_-Zz9'))
      .filter(([index, char]) => secret[index] !== char)
      .map(([index, char]) => `${secret.slice(0, index)}${char}${secret.slice(index + 1)}.ics`),
    fc.integer({ min: 0, max: secret.length - 1 }).map((length) => `${secret.slice(0, length)}.ics`),
    fc.constantFrom(secret, `${secret}.ICS`, `${secret}.ics.ics`, `${secret}x.ics`, `${secret.toUpperCase()}.ics`, `.ics`),
  );
  const madeUp = fc.oneof(
    nearMiss.map((value) => ({ value })),
    fc.constantFrom(...known.ids, world.student.email).map((value) => ({ value: `${value}.ics` })),
    namesNothing.map((segment) => (segment.raw ? segment : { value: `${segment.value}.ics` })),
  );
  const authorization = fc.oneof(
    fc.constant(undefined),
    fc.constant(`Bearer ${world.student.token}`),
    junkAuthorization(world.expiredToken),
  );
  const request = (file: Segment, auth: string | undefined, mustRefuse: boolean): FuzzRequest => ({
    target: CALENDAR_FEED_TARGET,
    method: 'GET',
    path: `/calendar-feed/${file.raw ? file.value : encodeURIComponent(wellFormed(file.value))}`,
    authorization: auth,
    graphql: false,
    mustRefuse,
    answersText: true,
  });
  return fc.oneof(
    { weight: 9, arbitrary: fc.tuple(madeUp, authorization).map(([file, auth]) => request(file, auth, true)) },
    { weight: 1, arbitrary: authorization.map((auth) => request({ value: `${secret}.ics` }, auth, false)) },
  );
}
