import { z } from 'zod';
import { ValidationError } from '../errors';
import { LIMITS } from '../validation';

/**
 * The REST adapter's request schemas check the kinds of what a request sends (text, a list of
 * text, an object), as GraphQL's input types do for a GraphQL request. The values' rules (lengths,
 * dates, catalogues) are @campus-clips/rules', applied once by the services behind both entries,
 * so each refusal says the same thing whichever entry was used.
 *
 * A refusal is a 400 naming the request's first wrong field, in the schema's field order:
 * `{ caption: 'caption must be text' }`. A list's item is reported as its list.
 */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ValidationError({ [fieldName(issue!.path)]: issue!.message });
}

/** `['event', 'name']` is 'event.name'; `['mentions', 3]` is 'mentions'. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.filter((key) => typeof key === 'string').join('.');
}

/** "<field> must be <kind>", with the field named as parseRequest names it: an `error` for a zod schema. */
export const must = (kind: string) => (issue: { path?: readonly PropertyKey[] }) => `${fieldName(issue.path ?? [])} must be ${kind}`;

/** null is as absent (the spec's clients send null for an empty field). */
const absentWhenNull = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * What kind of value each field schema takes, for tools that read a route's schemas (the REST
 * fuzzer sends each field values of its kind, and values it must refuse).
 */
export type FieldKind = 'text' | 'list' | 'textOrList' | 'object' | 'date';
export const fieldKinds = z.registry<{ kind: FieldKind }>();

/** An optional text field. */
const text = z
  .string({ error: must('text') })
  .nullish()
  .transform(absentWhenNull)
  .register(fieldKinds, { kind: 'text' });

/** An optional list of text. */
const textList = z
  .array(z.string({ error: must('a list of text') }), { error: must('a list of text') })
  .nullish()
  .transform(absentWhenNull)
  .register(fieldKinds, { kind: 'list' });

/** The spec's comma-separated text ('campus, Golden Hour'), or a list of text as GraphQL sends. */
const textOrList = z
  .union([z.string(), z.array(z.string())], { error: must('a list of text') })
  .nullish()
  .transform(absentWhenNull)
  .register(fieldKinds, { kind: 'textOrList' });

/** An optional object of optional text fields (`object({ name: fields.text })`). */
function textObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object(shape, { error: must('an object') })
    .nullish()
    .transform(absentWhenNull)
    .register(fieldKinds, { kind: 'object' });
}

export const fields = { text, textList, textOrList, textObject };

/**
 * A whole number of at least 1 from a query string (`?page=2`); `fallback` when absent or empty.
 * A repeated parameter (`?page=1&page=2`) is not a number.
 */
export function wholeNumber(fallback: number) {
  const message = must('a whole number of at least 1');
  return z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }),
  );
}

/** A path parameter: Express gives every matched segment as text. */
export function pathParams<Name extends string>(...names: Name[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<Name, z.ZodString>);
}

/**
 * A list's page as the spec asks for it, `?page=N&limit=L` (page 1 and `limit` 10 when absent),
 * or by keyset, `?cursor=` (GraphQL's), when it is given: `page` is then not read.
 */
export function numberedPageQuery(limitWhenAbsent: number = LIMITS.pageSize.default) {
  return z.preprocess(
    (query) => {
      const { cursor, ...rest } = query as Record<string, unknown>;
      if (typeof cursor === 'string' && cursor) return { ...rest, cursor, page: undefined };
      return rest;
    },
    z.object({
      limit: z.preprocess((value) => (value === undefined ? limitWhenAbsent : value), wholeNumber(LIMITS.pageSize.default)),
      cursor: z.string().optional(),
      page: wholeNumber(1),
    }),
  );
}

export type NumberedPageQuery = z.output<ReturnType<typeof numberedPageQuery>>;
