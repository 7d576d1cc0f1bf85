import fc from 'fast-check';
import {
  getNamedType,
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { INTEREST_CATALOGUE, isIsoDate } from '../../../src/shared/validation';
import type { FuzzRequest } from './fuzz-client';
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
import type { FuzzWorld } from './fuzz-world';

/**
 * Requests for every root field of the built schema, derived from its argument types: variables
 * that match the types (with hostile values inside), and variables that violate them at one
 * position (wrong type, null for non-null, a missing required value, an unknown input field, text
 * over every limit) and so must be refused. A new mutation or argument is fuzzed without a change here.
 */
export type RootKind = 'Query' | 'Mutation';

export interface RootField {
  kind: RootKind;
  field: GraphQLField<unknown, unknown>;
  access: unknown;
  document: string;
}

export function rootFields(schema: GraphQLSchema, kind: RootKind): RootField[] {
  const root = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(root?.getFields() ?? {}).map((field) => ({
    kind,
    field,
    access: field.extensions?.access,
    document: documentFor(kind, field),
  }));
}

/** `mutation Fuzz($a: T!) { field(a: $a) { __typename } }`: the arguments as variables of their exact types. */
export function documentFor(kind: RootKind, field: GraphQLField<unknown, unknown>): string {
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind === 'Query' ? 'query' : 'mutation'} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
}

/** Values from the world, so ids and URLs sometimes name real things (the student's own first). */
export interface KnownValues {
  ids: string[];
  strings: string[];
}

export function knownValues(world: FuzzWorld): KnownValues {
  const { posts, comments, users, videos, photos, organizations, slugs } = world.ids;
  return {
    ids: [...posts, ...comments, ...users, ...organizations],
    strings: [...videos, ...photos, ...users, ...organizations, ...slugs, ...INTEREST_CATALOGUE, ...VALID_DATES],
  };
}

const nonInteger = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value));
const outOfInt32 = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
);
const isoDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** Objects and arrays: never a scalar, whatever the scalar. */
const structure = junkStructure;

/**
 * A value of `type` as GraphQL coerces it; the contents are hostile but the shape is right.
 * `small` leaves out text over the limits (for the items of long lists, which stay under the body limit).
 */
export function conform(type: GraphQLInputType, known: KnownValues, small = false): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return conformNamed(type.ofType, known, small);
  return fc.oneof({ weight: 5, arbitrary: conformNamed(type, known, small) }, { weight: 1, arbitrary: fc.constant(null) });
}

function conformNamed(type: GraphQLInputType, known: KnownValues, small = false): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return conform(type, known, small);
  if (isListType(type)) {
    const item = conform(type.ofType, known, small);
    const smallItem = conform(type.ofType, known, true);
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(smallItem, { maxLength: 8 }) },
      { weight: 1, arbitrary: fc.tuple(fc.array(smallItem, { maxLength: 3 }), item).map(([items, last]) => [...items, last]) },
      { weight: 1, arbitrary: item }, // a single value is coerced to a one-item list
      {
        weight: 1,
        arbitrary: fc.integer({ min: 50, max: 2_000 }).chain((length) => fc.array(smallItem, { minLength: length, maxLength: length })),
      },
    );
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const shape = Object.fromEntries(fields.map((field) => [field.name, conform(field.type, known, small)]));
    const required = fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined).map((field) => field.name);
    return fc.record(shape, { requiredKeys: required });
  }
  // Variables carry an enum's names (POST), not the values the resolvers see ('post').
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  if (type === GraphQLString) {
    const text = [
      { weight: 6, arbitrary: hostileText },
      { weight: 3, arbitrary: fc.constantFrom(...known.strings) },
    ];
    return fc.oneof(...(small ? text : [...text, { weight: 1, arbitrary: overLimitText }]));
  }
  if (type === GraphQLID) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known.ids) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.integer() },
    );
  }
  if (type === GraphQLInt)
    return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, -1, 1, 50, 51, 2 ** 31 - 1, -(2 ** 31)));
  if (type === GraphQLFloat) return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (type === GraphQLBoolean) return fc.boolean();
  if (isScalarType(type) && type.name === 'LocalDate') return fc.oneof(fc.constantFrom(...VALID_DATES), isoDate);
  return hostileText; // a scalar this file does not know: text is the likeliest shape
}

/**
 * A value of `type` that GraphQL or the app must refuse wherever it stands, or null when no such
 * value is known (a custom scalar this file does not know). With `textLimits`, text over every
 * limit counts as refused too: true of everything a mutation stores, not of a search term.
 */
export function violate(type: GraphQLInputType, known: KnownValues, textLimits: boolean): fc.Arbitrary<unknown> | null {
  if (isNonNullType(type)) {
    const inner = violate(type.ofType, known, textLimits);
    return inner ? fc.oneof(fc.constant(null), inner) : fc.constant(null);
  }
  if (isListType(type)) {
    const bad = violate(type.ofType, known, textLimits);
    if (!bad) return null;
    const good = conformNamed(type.ofType, known, true);
    return fc.oneof(
      // One bad value on its own is coerced to a list of one (null and arrays are not).
      bad.filter((value) => value !== null && !Array.isArray(value)),
      fc
        .tuple(fc.array(good, { maxLength: 4 }), bad, fc.array(good, { maxLength: 4 }))
        .map(([before, item, after]) => [...before, item, ...after]),
    );
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const good = conformNamed(type, known) as fc.Arbitrary<Record<string, unknown>>;
    const options: Array<fc.Arbitrary<unknown>> = [
      // Not an object. (An empty array would pass: GraphQL reads it as an object without fields.)
      fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.array(anyJson, { minLength: 1, maxLength: 3 })),
      fc
        .tuple(
          good,
          fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !fields.some((field) => field.name === key)),
          anyJson,
        )
        .map(([object, key, value]) => ({ ...object, [key]: value })), // a field the type does not have
    ];
    const required = fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    for (const field of required) options.push(good.map(({ [field.name]: _gone, ...rest }) => rest));
    for (const field of fields) {
      const bad = violate(field.type, known, textLimits);
      if (bad) options.push(fc.tuple(good, bad).map(([object, value]) => ({ ...object, [field.name]: value })));
    }
    return fc.oneof(...options);
  }
  if (isEnumType(type)) {
    const names = new Set(type.getValues().map((value) => value.name));
    return fc.oneof(
      hostileText.filter((text) => !names.has(text)),
      hostileNumber,
      structure,
    );
  }
  // Text fields: anything but text (or text over every limit the app has).
  if (type === GraphQLString)
    return textLimits ? fc.oneof({ weight: 3, arbitrary: notText }, { weight: 1, arbitrary: overLimitText }) : notText;
  if (type === GraphQLID) return fc.oneof(nonInteger, fc.boolean(), structure);
  if (type === GraphQLInt) return fc.oneof(nonInteger, outOfInt32, fc.boolean(), hostileText, structure);
  if (type === GraphQLFloat) return fc.oneof(fc.boolean(), hostileText, structure);
  if (type === GraphQLBoolean) return fc.oneof(hostileNumber, hostileText, structure);
  if (isScalarType(type) && type.name === 'LocalDate') {
    return fc.oneof(
      fc.constantFrom(...INVALID_DATES),
      hostileText.filter((text) => !isIsoDate(text)),
      hostileNumber,
      fc.boolean(),
      structure,
    );
  }
  return null;
}

/** Variables that match every argument's type. */
export function conformingVariables(root: RootField, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const shape = Object.fromEntries(root.field.args.map((arg) => [arg.name, conform(arg.type, known)]));
  const required = root.field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name);
  return fc.record(shape, { requiredKeys: required });
}

/** Variables with one argument violated (or a required one missing); null when the field has no argument to violate. */
export function violatingVariables(root: RootField, known: KnownValues): fc.Arbitrary<Record<string, unknown>> | null {
  const good = conformingVariables(root, known);
  const options: Array<fc.Arbitrary<Record<string, unknown>>> = [];
  for (const arg of root.field.args) {
    const bad = violate(arg.type, known, root.kind === 'Mutation');
    if (bad) options.push(fc.tuple(good, bad).map(([variables, value]) => ({ ...variables, [arg.name]: value })));
    if (isNonNullType(arg.type)) options.push(good.map(({ [arg.name]: _gone, ...rest }) => rest));
  }
  return options.length ? fc.oneof(...options) : null;
}

function graphqlRequest(
  root: RootField,
  variables: Record<string, unknown>,
  authorization: string | undefined,
  mustRefuse: boolean,
): FuzzRequest {
  return {
    target: `${root.kind}.${root.field.name}`,
    method: 'POST',
    path: '/graphql',
    authorization,
    json: { query: root.document, variables, operationName: 'Fuzz' },
    graphql: true,
    mustRefuse,
  };
}

/** A valid token, the same for every field or chosen per field. */
export type TokenFor = string | ((root: RootField) => string);

const bearer = (token: TokenFor, root: RootField) => `Bearer ${typeof token === 'string' ? token : token(root)}`;

/** A valid token, variables violating the types: every one refused. */
export function refusedRequests(fields: RootField[], known: KnownValues, token: TokenFor): fc.Arbitrary<FuzzRequest> {
  const perField = fields.flatMap((root) => {
    const variables = violatingVariables(root, known);
    return variables ? [variables.map((vars) => graphqlRequest(root, vars, bearer(token, root), true))] : [];
  });
  return fc.oneof(...perField);
}

/**
 * A valid token, variables of the right types: accepted or refused, never a fault. A field
 * without arguments is called as it is (among the others, concurrently).
 */
export function conformingRequests(fields: RootField[], known: KnownValues, token: TokenFor): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...fields.map((root) => conformingVariables(root, known).map((vars) => graphqlRequest(root, vars, bearer(token, root), false))),
  );
}

/** Junk Authorization headers on every field: a field that needs a user refuses them all. */
export function junkAuthRequests(fields: RootField[], known: KnownValues, expired: string): fc.Arbitrary<FuzzRequest> {
  const auth = junkAuthorization(expired);
  return fc.oneof(
    ...fields.map((root) => {
      const violating = violatingVariables(root, known);
      const variables = violating ? fc.oneof(conformingVariables(root, known), violating) : conformingVariables(root, known);
      return fc.tuple(variables, auth).map(([vars, header]) => graphqlRequest(root, vars, header, root.access === 'user'));
    }),
  );
}

/**
 * Whole requests that are junk: bodies that are not JSON, not an object, batched, or name no
 * operation; other content types. None may run anything (the store stays the same).
 */
export function junkEnvelopeRequests(token: string): fc.Arbitrary<FuzzRequest> {
  const raw = (body: string, contentType: string): FuzzRequest => ({
    target: 'POST /graphql (junk envelope)',
    method: 'POST',
    path: '/graphql',
    authorization: `Bearer ${token}`,
    raw: { body, contentType },
    graphql: true,
    mustRefuse: true,
  });
  const notAnOperation = fc.oneof(
    anyJson.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value) || !('query' in value)),
    fc.record(
      { query: fc.oneof(hostileText, notText, fc.constant(null)), variables: anyJson, operationName: anyJson },
      { requiredKeys: ['query'] },
    ),
    // A real mutation with variables that are not an object: refused, so the calendar stays as it is.
    fc.record({
      query: fc.constant('mutation { saveCalendarEvent(date: "2026-11-23", name: "Envelope") { date } }'),
      variables: fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.array(anyJson, { minLength: 1 })),
    }),
  );
  return fc.oneof(
    notAnOperation.map((value) => raw(JSON.stringify(value) ?? 'null', 'application/json')),
    fc
      .constantFrom('{', '{"query": "{ __typename }"', '{"query":', "{'query': 1}", 'null garbage', '\u0000', '[,]', '{"a":1}}')
      .map((body) => raw(body, 'application/json')),
    fc
      .tuple(
        hostileText,
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'),
      )
      .map(([body, type]) => raw(body || 'x', type)),
  );
}
