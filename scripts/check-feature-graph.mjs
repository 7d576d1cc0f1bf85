#!/usr/bin/env node
// Keeps feature-graph.mjs, the code and docs/ARCHITECTURE.md saying the same thing (issue 24,
// item 6), as api/test/ops/operations-doc.test.ts does for docs/operations.md. Fails (exit 1) when:
//   - a feature folder of either app is missing from feature-graph.mjs, or the graph names one
//     that is not there;
//   - the graph has a cycle (features import one way);
//   - the code imports between two features the graph does not pair (ESLint says so per file too),
//     or the graph pairs two features the code no longer connects (the graph would say too much);
//   - anything in web/ imports the api's code;
//   - the generated "Between features" section of docs/ARCHITECTURE.md differs from what the
//     graph and the code give: `node scripts/check-feature-graph.mjs --write` rewrites it.
import fs from 'node:fs';
import path from 'node:path';
import featureGraph from '../feature-graph.mjs';
import { APPS, ROOT, crossFeatureImports, featuresOf, webToApiImports } from './feature-imports.mjs';

const DOC = path.join(ROOT, 'docs/ARCHITECTURE.md');
const START = '<!-- feature-graph:start (generated: node scripts/check-feature-graph.mjs --write) -->';
const END = '<!-- feature-graph:end -->';

/** A cycle in `graph` (feature -> { other: why }) as a list of features, or null. */
export function findCycle(graph) {
  const state = new Map();
  const trail = [];
  const visit = (feature) => {
    state.set(feature, 'open');
    trail.push(feature);
    for (const next of Object.keys(graph[feature] ?? {})) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(feature, 'done');
    return null;
  };
  for (const feature of Object.keys(graph)) {
    if (!state.has(feature)) {
      const found = visit(feature);
      if (found) return found;
    }
  }
  return null;
}

/** The problems with one app's graph against its folders and imports. */
export function problems(app, graph = featureGraph[app], imports = crossFeatureImports(app), folders = featuresOf(app)) {
  const found = [];
  const declared = Object.keys(graph);
  for (const folder of folders) if (!declared.includes(folder)) found.push(`${app}: feature "${folder}" is not in feature-graph.mjs`);
  for (const feature of declared) {
    if (!folders.includes(feature)) found.push(`${app}: feature-graph.mjs names "${feature}", which is not a folder in ${APPS[app]}`);
    for (const other of Object.keys(graph[feature])) {
      if (!declared.includes(other)) found.push(`${app}: ${feature} -> ${other}: "${other}" is not a feature`);
    }
  }
  const cycle = findCycle(graph);
  if (cycle) found.push(`${app}: feature-graph.mjs has a cycle: ${cycle.join(' -> ')}`);
  const used = new Set();
  for (const { from, to, file, test } of imports) {
    // The web's unit tests may compose several features (they render whole pages).
    if (test && app === 'web') continue;
    if (!test) used.add(`${from} -> ${to}`);
    if (!(to in (graph[from] ?? {})))
      found.push(`${app}: ${file} imports feature "${to}", which feature-graph.mjs does not let ${from} import`);
  }
  for (const feature of declared) {
    for (const other of Object.keys(graph[feature])) {
      if (!used.has(`${feature} -> ${other}`))
        found.push(`${app}: feature-graph.mjs lets ${feature} import ${other}, but no code of ${feature} does: remove the pair`);
    }
  }
  return found;
}

/** The doc's section: each app's pairs, what crosses each one and why. */
export function renderSection() {
  const lines = [START];
  for (const app of Object.keys(APPS)) {
    const imports = crossFeatureImports(app).filter((entry) => !entry.test);
    const graph = featureGraph[app];
    const pairs = Object.keys(graph).flatMap((from) => Object.keys(graph[from]).map((to) => ({ from, to, why: graph[from][to] })));
    const alone = Object.keys(graph).filter((feature) => Object.keys(graph[feature]).length === 0);
    lines.push(
      '',
      `**${app === 'api' ? 'api/src/modules' : 'web/src/features'}**: ${imports.length} imports cross a feature boundary in ` +
        `${pairs.length} pairs, each through the other feature's \`index.ts\`:`,
      '',
    );
    for (const { from, to, why } of pairs) {
      const names = [...new Set(imports.filter((entry) => entry.from === from && entry.to === to).flatMap((entry) => entry.names))].sort();
      const count = imports.filter((entry) => entry.from === from && entry.to === to).length;
      lines.push(
        `- ${from} -> ${to} (${names.map((name) => `\`${name}\``).join(', ')}; ${count} ${count === 1 ? 'import' : 'imports'}): ${why}`,
      );
    }
    lines.push('', `No other feature: ${alone.join(', ')}.`);
  }
  lines.push(END);
  return lines.join('\n');
}

function docSection(doc) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start >= 0 && end > start ? doc.slice(start, end + END.length) : null;
}

const write = process.argv.includes('--write');
const found = [...problems('api'), ...problems('web')];
for (const { file, spec } of webToApiImports()) found.push(`web: ${file} imports the api's code (${spec})`);

const doc = fs.readFileSync(DOC, 'utf8');
const current = docSection(doc);
const expected = renderSection();
if (current === null) found.push(`docs/ARCHITECTURE.md has no section between "${START}" and "${END}"`);
else if (current !== expected) {
  if (write) fs.writeFileSync(DOC, doc.replace(current, expected));
  else
    found.push(
      'docs/ARCHITECTURE.md: the "Between features" list differs from feature-graph.mjs and the code: run node scripts/check-feature-graph.mjs --write',
    );
}

if (found.length) {
  console.error(found.map((problem) => `feature graph: ${problem}`).join('\n'));
  process.exit(1);
}
console.log(
  `feature graph: ${Object.keys(APPS)
    .map((app) => `${app} ${Object.keys(featureGraph[app]).length} features`)
    .join(', ')}; one way, matches the code and docs/ARCHITECTURE.md`,
);
