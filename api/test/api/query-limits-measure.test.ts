import fc from 'fast-check';
import {
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { createAppPubSub } from '../../src/infra/pubsub/pubsub';
import { buildAppSchema } from '../../src/graphql/schema';
import { queryLimitsRule } from '../../src/graphql/query-limits';
import { fragmentChain, randomDocument } from '../support/hostile-documents';

/**
 * Measuring a document against the abuse limits must take time linear in its size, whatever the
 * document: a chain of fragments that each spread the next twice has 2^n paths, and walking each
 * one froze the server (issue 23). The bound: any document of up to 4 KB in ≤ 10 ms.
 */
const BOUND_MS = 10;

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema(createAppPubSub(null));
  // Compiled once, as on a server that has validated a request before.
  validate(schema, parse(fragmentChain(3)), [queryLimitsRule]);
});

/**
 * The limits rule's verdict on a document, and the time the rule itself took: setting up (it reads
 * the document's fragments) and measuring each operation. graphql's own walk over the document,
 * which every rule shares, is not the rule's and is not counted. The best of five runs: the
 * machine is shared, and one run can lose the CPU for a while; an exponential walk is slow every time.
 */
function measure(document: DocumentNode): { errors: readonly GraphQLError[]; ms: number } {
  let best = Infinity;
  let errors: readonly GraphQLError[] = [];
  for (let run = 0; run < 5 && best > BOUND_MS; run++) {
    let spent = 0;
    const timed: ValidationRule = (context) => {
      const started = performance.now();
      const rule = queryLimitsRule(context) as { OperationDefinition: (node: OperationDefinitionNode) => void };
      spent += performance.now() - started;
      return {
        OperationDefinition(node) {
          const measuring = performance.now();
          rule.OperationDefinition(node);
          spent += performance.now() - measuring;
        },
      };
    };
    errors = validate(schema, document, [timed]);
    best = Math.min(best, spent);
  }
  return { errors, ms: best };
}

describe('the abuse limits measure any document quickly', () => {
  it.each([20, 30])('refuses a chain of %i fragments that each spread the next twice, in ≤ 10 ms', (length) => {
    const { errors, ms } = measure(parse(fragmentChain(length)));
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/^The query asks for too much at once \(cost \d+;/)]);
    expect(ms).toBeLessThanOrEqual(BOUND_MS);
  });

  it('refuses a chain that nests deeper at each link as too deep, in ≤ 10 ms', () => {
    const document = fragmentChain(30, {
      operation: (spread) => `query { post(id: "1") { ${spread} } }`,
      link: (spreads) => `author { posts { edges { node { ${spreads} } } } }`,
    });
    const { errors, ms } = measure(parse(document));
    // post, 4 levels for each of the 29 links, then id.
    expect(errors.map((error) => error.message)).toContain('The query is nested too deeply (118 levels; at most 12).');
    expect(ms).toBeLessThanOrEqual(BOUND_MS);
  });

  it('still counts what each spread brings, as often as it is spread', () => {
    // explore, edges and node, then 2^10 ids on a page of one.
    expect(measure(parse(fragmentChain(11))).errors).toEqual([]);
    expect(measure(parse(fragmentChain(15))).errors.map((error) => error.message)).toEqual([
      'The query asks for too much at once (cost 16387; at most 10000). Ask for smaller pages.',
    ]);
    expect(measure(parse(fragmentChain(5, { leaf: 'a: id' }))).errors).toEqual([]);
    expect(measure(parse(fragmentChain(6, { leaf: 'a: id' }))).errors.map((error) => error.message)).toEqual([
      'The query uses too many aliases (32; at most 30).',
    ]);
  });

  it('says so, rather than a wrong figure, when spreads multiply past what a number holds', () => {
    const { errors } = measure(parse(fragmentChain(60, { spreads: 4 })));
    expect(errors.map((error) => error.message)).toEqual([
      'The query asks for too much at once (cost over 9007199254740991; at most 10000). Ask for smaller pages.',
    ]);
  });

  it('measures random documents of up to 4 KB (fragment chains, spreads, inline fragments, aliases, connections) in ≤ 10 ms', () => {
    let chains = 0;
    fc.assert(
      fc.property(randomDocument(schema), (text) => {
        const document = parse(text);
        if (/\.\.\.F1 \.\.\.F1/.test(text)) chains++;
        // The documents are of the real schema: graphql's own rules accept them, so the limits decide alone.
        expect(validate(schema, document).map((error) => error.message)).toEqual([]);
        const { ms } = measure(document);
        expect(ms).toBeLessThanOrEqual(BOUND_MS);
      }),
      // No shrinking: a smaller document that takes as long would say nothing more, and a time can be a moment's load.
      { numRuns: 300, endOnFailure: true },
    );
    // The hostile shape was among them, not only shallow documents.
    expect(chains).toBeGreaterThan(30);
  });
});
