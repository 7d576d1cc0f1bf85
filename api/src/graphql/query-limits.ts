import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import type { RequestHandler } from 'express';
import { LIMITS } from '../shared/validation';

/**
 * Abuse limits, checked before anything executes: nesting depth, aliases, and a cost in which
 * connection fields multiply what is inside them by their page size.
 */
export const QUERY_LIMITS = { depth: 12, introspectionDepth: 24, aliases: 30, cost: 10_000, documentBytes: 20_000 } as const;

/**
 * Introspection (only served where GRAPHQL_IDE is on) reads the static schema, so its nesting costs
 * no data; the standard schema query of GraphiQL, codegen and other tools is about 15 levels deep.
 * It is measured on its own, against a limit of its own.
 */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * The largest GraphQL request read at all: an HTTP JSON body, or one graphql-ws message. Both
 * carry the document and its variables, so they share one ceiling above documentBytes.
 */
export const REQUEST_BYTES = 100 * 1024;

const CONNECTION_ARGUMENT = 'first';

function refuse(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
}

interface Measure {
  depth: number;
  introspectionDepth: number;
  aliases: number;
  cost: number;
}

const NOTHING: Measure = { depth: 0, introspectionDepth: 0, aliases: 0, cost: 0 };

/**
 * Measures a document's selection sets: depth, aliases and cost. Each fragment is measured once and
 * its figures reused at every spread (a fragment's figures do not depend on where it is spread), so
 * the work is linear in the document's size. Walking each spread anew instead is exponential: a
 * chain of fragments that each spread the next twice has 2^n paths.
 */
class DocumentMeasure {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly measured = new Map<string, Measure>();
  private readonly measuring = new Set<string>();

  constructor(context: ValidationContext) {
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    }
  }

  selectionSet(selectionSet: SelectionSetNode): Measure {
    let depth = 0;
    let introspectionDepth = 0;
    let aliases = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const inner = selection.selectionSet ? this.selectionSet(selection.selectionSet) : NOTHING;
        if (selection.alias) aliases++;
        if (INTROSPECTION_ROOTS.has(selection.name.value)) introspectionDepth = Math.max(introspectionDepth, inner.depth + 1);
        else depth = Math.max(depth, inner.depth + 1);
        introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
        aliases += inner.aliases;
        cost += 1 + inner.cost * pageSizeOf(selection);
      } else {
        const inner =
          selection.kind === Kind.FRAGMENT_SPREAD ? this.fragment(selection.name.value) : this.selectionSet(selection.selectionSet);
        depth = Math.max(depth, inner.depth);
        introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
        aliases += inner.aliases;
        cost += inner.cost;
      }
    }
    return { depth, introspectionDepth, aliases, cost };
  }

  private fragment(name: string): Measure {
    const known = this.measured.get(name);
    if (known) return known;
    const definition = this.fragments.get(name);
    // An unknown fragment, or a cycle: graphql's own rules (KnownFragmentNames, NoFragmentCycles)
    // refuse the document; here it only must not loop.
    if (!definition || this.measuring.has(name)) return NOTHING;
    this.measuring.add(name);
    const measure = this.selectionSet(definition.selectionSet);
    this.measuring.delete(name);
    this.measured.set(name, measure);
    return measure;
  }
}

/** A connection's page size: a literal one as the api clamps it; a variable's, unknown at validation time, as the largest. */
function pageSizeOf(field: FieldNode): number {
  const argument = field.arguments?.find((arg) => arg.name.value === CONNECTION_ARGUMENT);
  if (!argument) return 1;
  let size: number = LIMITS.pageSize.default;
  if (argument.value.kind === Kind.INT) size = Number(argument.value.value);
  else if (argument.value.kind === Kind.VARIABLE) size = LIMITS.pageSize.max;
  return Math.min(Math.max(Math.trunc(size), 1), LIMITS.pageSize.max);
}

/** A validation rule for Apollo Server and the graphql-ws server. */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const measure = new DocumentMeasure(context);
  return {
    OperationDefinition(operation) {
      const { depth, introspectionDepth, aliases, cost } = measure.selectionSet(operation.selectionSet);
      if (depth > QUERY_LIMITS.depth)
        context.reportError(refuse(`The query is nested too deeply (${depth} levels; at most ${QUERY_LIMITS.depth}).`));
      if (introspectionDepth > QUERY_LIMITS.introspectionDepth) {
        context.reportError(
          refuse(`The schema query is nested too deeply (${introspectionDepth} levels; at most ${QUERY_LIMITS.introspectionDepth}).`),
        );
      }
      if (aliases > QUERY_LIMITS.aliases)
        context.reportError(refuse(`The query uses too many aliases (${count(aliases)}; at most ${QUERY_LIMITS.aliases}).`));
      if (cost > QUERY_LIMITS.cost)
        context.reportError(
          refuse(`The query asks for too much at once (cost ${count(cost)}; at most ${QUERY_LIMITS.cost}). Ask for smaller pages.`),
        );
    },
  };
}

/** Fragments spread many times over multiply fast: past 2^53 a float's figure is no longer exact (or is Infinity). */
function count(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : `over ${Number.MAX_SAFE_INTEGER}`;
}

/**
 * graphql-ws is for live updates only. Queries and mutations go over HTTP, where status codes,
 * rate-limit headers and caching rules apply (the web app already sends them there).
 */
export function subscriptionsOnlyRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      if (operation.operation === OperationTypeNode.SUBSCRIPTION) return;
      context.reportError(
        new GraphQLError(`Only subscriptions are served over WebSocket; send ${operation.operation}s to POST /graphql.`, {
          nodes: [operation],
        }),
      );
    },
  };
}

/** The size check on a document before it is parsed, for HTTP and graphql-ws alike. */
export function documentSizeError(query: unknown): GraphQLError | null {
  if (typeof query !== 'string' || Buffer.byteLength(query) <= QUERY_LIMITS.documentBytes) return null;
  return refuse(`The query document is too large (at most ${QUERY_LIMITS.documentBytes} bytes).`);
}

/** Refuses oversized documents and batched requests before they are parsed. */
export const documentLimits: RequestHandler = (req, res, next) => {
  const body = req.body as unknown;
  if (Array.isArray(body)) {
    res.status(400).json({ errors: [{ message: 'Batched requests are not supported.', extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  const tooLarge = documentSizeError((body as { query?: unknown } | undefined)?.query ?? req.query.query);
  if (tooLarge) {
    res.status(413).json({ errors: [tooLarge.toJSON()] });
    return;
  }
  next();
};
