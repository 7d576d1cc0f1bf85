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

function collect(context: ValidationContext) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** Walks a selection set, following fragments once per path, reporting depth, aliases and cost. */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  visiting: Set<string> = new Set(),
): { depth: number; introspectionDepth: number; aliases: number; cost: number } {
  let depth = 0;
  let introspectionDepth = 0;
  let aliases = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const inner = selection.selectionSet
        ? measure(selection.selectionSet, fragments, variables, visiting)
        : { depth: 0, introspectionDepth: 0, aliases: 0, cost: 0 };
      if (selection.alias) aliases++;
      if (INTROSPECTION_ROOTS.has(selection.name.value)) introspectionDepth = Math.max(introspectionDepth, inner.depth + 1);
      else depth = Math.max(depth, inner.depth + 1);
      introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
      aliases += inner.aliases;
      cost += 1 + inner.cost * pageSizeOf(selection, variables);
    } else {
      const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : null;
      if (name && visiting.has(name)) continue;
      const set = name ? fragments.get(name)?.selectionSet : selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : undefined;
      if (!set) continue;
      const inner = measure(set, fragments, variables, name ? new Set([...visiting, name]) : visiting);
      depth = Math.max(depth, inner.depth);
      introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
      aliases += inner.aliases;
      cost += inner.cost;
    }
  }
  return { depth, introspectionDepth, aliases, cost };
}

function pageSizeOf(field: FieldNode, variables: Record<string, unknown>): number {
  const argument = field.arguments?.find((arg) => arg.name.value === CONNECTION_ARGUMENT);
  if (!argument) return 1;
  let value: unknown;
  if (argument.value.kind === Kind.INT) value = Number(argument.value.value);
  else if (argument.value.kind === Kind.VARIABLE) value = variables[argument.value.name.value];
  const size = typeof value === 'number' && Number.isFinite(value) ? value : LIMITS.pageSize.default;
  return Math.min(Math.max(Math.trunc(size), 1), LIMITS.pageSize.max);
}

/** A validation rule for Apollo Server (variables are unknown at validation time: the page size then counts as the maximum). */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = collect(context);
  return {
    OperationDefinition(operation) {
      const { depth, introspectionDepth, aliases, cost } = measure(
        operation.selectionSet,
        fragments,
        new Proxy({}, { get: () => LIMITS.pageSize.max }),
      );
      if (depth > QUERY_LIMITS.depth)
        context.reportError(refuse(`The query is nested too deeply (${depth} levels; at most ${QUERY_LIMITS.depth}).`));
      if (introspectionDepth > QUERY_LIMITS.introspectionDepth) {
        context.reportError(
          refuse(`The schema query is nested too deeply (${introspectionDepth} levels; at most ${QUERY_LIMITS.introspectionDepth}).`),
        );
      }
      if (aliases > QUERY_LIMITS.aliases)
        context.reportError(refuse(`The query uses too many aliases (${aliases}; at most ${QUERY_LIMITS.aliases}).`));
      if (cost > QUERY_LIMITS.cost)
        context.reportError(
          refuse(`The query asks for too much at once (cost ${cost}; at most ${QUERY_LIMITS.cost}). Ask for smaller pages.`),
        );
    },
  };
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
