import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/**
 * The web app's own GraphQL operations (web/src/**\/*.graphql), each printed with the fragments it
 * uses, so a test asks for exactly what a student's browser asks for, and follows the web when its
 * selections change.
 */
const webSource = path.resolve(__dirname, '..', '..', '..', 'web', 'src');

let definitions: Map<string, DefinitionNode> | null = null;

function allDefinitions(): Map<string, DefinitionNode> {
  if (definitions) return definitions;
  definitions = new Map();
  const files = fs.readdirSync(webSource, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.graphql'));
  for (const file of files) {
    for (const definition of parse(fs.readFileSync(path.join(webSource, file), 'utf8')).definitions) {
      const named = definition as OperationDefinitionNode | FragmentDefinitionNode;
      if (named.name) definitions.set(named.name.value, definition);
    }
  }
  return definitions;
}

/** The operation `name` (HomeFeed, ExploreFeed...) as the web sends it. */
export function webOperation(name: string): string {
  const all = allDefinitions();
  const operation = all.get(name);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) throw new Error(`the web has no operation ${name}`);
  const needed = new Map<string, DefinitionNode>();
  const collect = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = all.get(spread.name.value);
        if (!fragment) throw new Error(`the web has no fragment ${spread.name.value}`);
        if (!needed.has(spread.name.value)) {
          needed.set(spread.name.value, fragment);
          collect(fragment);
        }
      },
    });
  collect(operation);
  return [operation, ...needed.values()].map((definition) => print(definition)).join('\n');
}
