import fc from 'fast-check';
import {
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

/**
 * GraphQL documents made to be expensive to measure, for the abuse limits' tests (query-limits.ts):
 * fragment chains whose paths double at each link, and random documents of the real schema.
 */

/**
 * A chain of `length` fragments on Post, each spreading the next `spreads` times: a few hundred
 * bytes with spreads^length paths. `prefix` names the fragments, so documents can differ.
 * `operation` wraps the first spread (a query by default; a subscription for graphql-ws), `link`
 * wraps each fragment's spreads (nesting them deeper), and `leaf` is the last fragment's selection.
 */
export function fragmentChain(
  length: number,
  options: {
    spreads?: number;
    prefix?: string;
    operation?: (spread: string) => string;
    link?: (spreads: string) => string;
    leaf?: string;
  } = {},
): string {
  const { spreads = 2, prefix = 'F', leaf = 'id' } = options;
  const operation = options.operation ?? ((spread: string) => `query { explore(first: 1) { edges { node { ${spread} } } } }`);
  const link = options.link ?? ((selection: string) => selection);
  const fragments = Array.from({ length }, (_, i) => {
    const body = i === length - 1 ? leaf : link(Array.from({ length: spreads }, () => `...${prefix}${i + 1}`).join(' '));
    return `fragment ${prefix}${i} on Post { ${body} }`;
  });
  return [operation(`...${prefix}0`), ...fragments].join('\n');
}

/** The largest random document generated: the bound for "an ordinary hostile request". */
export const RANDOM_DOCUMENT_BYTES = 4096;

/**
 * Random query documents of at most RANDOM_DOCUMENT_BYTES against `schema`: fields with their
 * required arguments, connections with literal or variable page sizes, aliases, inline fragments,
 * and fragments spread from the operation and from one another, often as a chain in which each
 * fragment spreads the next two to four times. Built from the schema, so a new type is covered
 * without a change here.
 */
export function randomDocument(schema: GraphQLSchema): fc.Arbitrary<string> {
  const query = schema.getQueryType()!;
  // Drawn again inside one value, not with .filter: fast-check regenerates a gen() value from the
  // same random state, so a filtered-out document came back forever (a CI run hung on one of 4114 bytes).
  return fc.gen().map((g) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const document = new DocumentWriter(schema, query, g).document();
      if (Buffer.byteLength(document) <= RANDOM_DOCUMENT_BYTES) return document;
    }
    throw new Error(`no document of at most ${RANDOM_DOCUMENT_BYTES} bytes in 200 draws: make DocumentWriter's budget smaller`);
  });
}

type Gen = fc.GeneratorValue;

/**
 * Types a fragment may be on, and how the operation reaches each: the first fragment is spread
 * there (under an alias of its own, so it merges with no random selection).
 */
const FRAGMENT_TYPES: Record<string, (spread: string, alias: string) => string> = {
  Post: (spread, alias) => `${alias}: explore(first: $first) { edges { node { ${spread} } } }`,
  User: (spread, alias) => `${alias}: viewer { ${spread} }`,
  PostConnection: (spread, alias) => `${alias}: homeFeed(first: 20) { ${spread} }`,
  Comment: (spread, alias) => `${alias}: explore { edges { node { comments(first: $first) { edges { node { ${spread} } } } } } }`,
};

class DocumentWriter {
  private aliases = 0;
  /** Bytes still to spend on selections: past it, selection sets hold one field. */
  private budget: number;
  private readonly fragments: Array<{ name: string; type: string; body: string }> = [];
  private readonly fieldArguments = new Map<string, string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly query: GraphQLObjectType,
    private readonly g: Gen,
  ) {
    this.budget = g(fc.integer, { min: 200, max: 3200 });
  }

  document(): string {
    const g = this.g;
    const types = Object.keys(FRAGMENT_TYPES);
    const count = g(fc.integer, { min: 0, max: 30 });
    const chain = g(fc.boolean);
    const chainType = types[g(fc.nat, types.length - 1)]!;
    // Written last to first: a fragment spreads only later ones, so there is no cycle.
    for (let i = count - 1; i >= 0; i--) {
      const name = `F${i}`;
      const type = chain ? chainType : types[g(fc.nat, types.length - 1)]!;
      const next = this.fragments[0];
      const spreads = chain && next ? Array.from({ length: g(fc.integer, { min: 2, max: 4 }) }, () => `...${next.name}`).join(' ') : '';
      const extra = this.selections(this.objectType(type), g(fc.integer, { min: 0, max: 3 }));
      this.fragments.unshift({ name, type, body: [spreads, extra].filter(Boolean).join(' ') || '__typename' });
    }
    const roots = [this.selections(this.query, 3)];
    // Every fragment is spread somewhere (graphql refuses an unused one): those no other spreads, from the operation.
    for (const [i, { name, type }] of this.fragments.entries()) {
      const spread = new RegExp(`\\.\\.\\.${name}\\b`);
      if (!roots.some((root) => spread.test(root)) && !this.fragments.slice(0, i).some(({ body }) => spread.test(body))) {
        roots.push(FRAGMENT_TYPES[type]!(`...${name}`, `entry${i}`));
      }
    }
    const fragments = this.fragments.map(({ name, type, body }) => `fragment ${name} on ${type} { ${body} }`);
    const selection = roots.filter(Boolean).join(' ') || '__typename';
    // Declared only when used: graphql refuses an unused variable.
    const variables = [selection, ...fragments].some((text) => text.includes('$first')) ? '($first: Int)' : '';
    return [`query Random${variables} { ${selection} }`, ...fragments].join('\n');
  }

  /** Fields, inline fragments and spreads on `type`, nested at most `depth` more levels. */
  private selections(type: GraphQLObjectType, depth: number): string {
    const g = this.g;
    const fields = Object.values(type.getFields());
    const parts: string[] = [];
    const width = this.budget > 0 ? g(fc.integer, { min: 1, max: 4 }) : 1;
    for (let i = 0; i < width; i++) {
      const field = fields[g(fc.nat, fields.length - 1)]!;
      const part = this.field(field, depth);
      if (part) parts.push(part);
    }
    if (this.budget > 0 && depth > 0 && g(fc.nat, 4) === 0) {
      const condition = g(fc.boolean) ? ` on ${type.name}` : '';
      parts.push(`...${condition} { ${this.selections(type, depth - 1) || '__typename'} }`);
    }
    for (const fragment of this.fragments) {
      if (fragment.type === type.name && this.budget > 0 && g(fc.nat, 3) === 0) {
        parts.push(Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, () => `...${fragment.name}`).join(' '));
      }
    }
    const text = parts.join(' ');
    this.budget -= text.length;
    return text;
  }

  private field(field: GraphQLField<unknown, unknown>, depth: number): string | null {
    const g = this.g;
    const named = getNamedType(field.type);
    if (isCompositeType(named) && depth === 0) return null;
    const alias = g(fc.nat, 4) === 0 ? `a${this.aliases++}: ` : '';
    const head = `${alias}${field.name}${this.argumentsOf(field)}`;
    // A union (search results) or an interface: its members' fields need fragments; its name is enough here.
    if (isCompositeType(named) && !isObjectType(named)) return `${head} { __typename }`;
    if (!isObjectType(named)) return head;
    return `${head} { ${this.selections(named, depth - 1) || '__typename'} }`;
  }

  /**
   * A field's arguments, chosen on its first use and repeated at every other: the same field with
   * other arguments where selections merge is a conflict graphql refuses, and these documents must
   * be valid, so that only the limits refuse them.
   */
  private argumentsOf(field: GraphQLField<unknown, unknown>): string {
    const key = `${field.name}(${field.args.map((arg) => arg.name).join()})`;
    let text = this.fieldArguments.get(key);
    if (text === undefined) {
      const g = this.g;
      const args: string[] = [];
      for (const arg of field.args) {
        if (arg.name === 'first' && g(fc.boolean)) args.push(`first: ${g(fc.boolean) ? '$first' : g(fc.integer, { min: 1, max: 100 })}`);
        else if (isNonNullType(arg.type) && arg.defaultValue === undefined) args.push(`${arg.name}: ${literal(arg.type)}`);
      }
      text = args.length ? `(${args.join(', ')})` : '';
      this.fieldArguments.set(key, text);
    }
    return text;
  }

  private objectType(name: string): GraphQLObjectType {
    const type = this.schema.getType(name);
    if (!isObjectType(type)) throw new Error(`${name} is not an object type of the schema`);
    return type;
  }
}

/** A valid literal for a required argument (this schema's are IDs, strings, dates and enums). */
function literal(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) throw new Error(`no literal for input ${named.name}: add one here`);
  if (named.name === 'Int' || named.name === 'Float') return '1';
  if (named.name === 'Boolean') return 'true';
  if (named.name === 'LocalDate') return '"2030-01-01"';
  return '"x"';
}
