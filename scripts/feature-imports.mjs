// The imports between features, read from the code: which feature's files import which other
// feature, in each app. scripts/check-feature-graph.mjs compares them with feature-graph.mjs and
// docs/ARCHITECTURE.md; ESLint (eslint.config.mjs) enforces the same graph file by file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where each app's features live. */
export const APPS = {
  api: 'api/src/modules',
  web: 'web/src/features',
};

/** A feature's tests and named scenarios: they may compose more than the feature's code does. */
export const isTestFile = (file) => /\.(test|scenarios)\.tsx?$/.test(file);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Every module a file names, with the names it takes from it: static imports and re-exports
 * (type-only ones too) and import() (names: none).
 */
export function moduleReferences(source) {
  const found = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s([^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)) {
    const braces = /\{([^}]*)\}/.exec(match[1] ?? '');
    const names = braces
      ? braces[1]
          .split(',')
          .map(
            (name) =>
              name
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0],
          )
          .filter(Boolean)
      : [];
    found.push({ spec: match[2], names });
  }
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: match[1], names: [] });
  return found;
}

export const specifiers = (source) => moduleReferences(source).map((reference) => reference.spec);

export function featuresOf(app) {
  return fs
    .readdirSync(path.join(ROOT, APPS[app]), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Every import from one feature into another in `app`: { from, to, file, test }, `file` relative to
 * the repository. Only relative specifiers can reach another feature (neither app has path aliases).
 */
export function crossFeatureImports(app) {
  const base = path.join(ROOT, APPS[app]);
  const imports = [];
  for (const feature of featuresOf(app)) {
    for (const file of walk(path.join(base, feature))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const { spec, names } of moduleReferences(source)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(base, path.resolve(path.dirname(file), spec));
        if (target.startsWith('..')) continue;
        const to = target.split(path.sep)[0];
        if (to === feature || !fs.existsSync(path.join(base, to)) || !fs.statSync(path.join(base, to)).isDirectory()) continue;
        imports.push({ from: feature, to, names, file: path.relative(ROOT, file), test: isTestFile(file) });
      }
    }
  }
  return imports;
}

/** Imports from the web into the api's sources (the web talks to the api over HTTP only). */
export function webToApiImports() {
  const found = [];
  for (const file of walk(path.join(ROOT, 'web/src')).concat(walk(path.join(ROOT, 'web/e2e')))) {
    for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
      const resolved = spec.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), spec)) : spec;
      if (resolved === 'api' || resolved.startsWith('api/') || /^@campus-clips\/api(\/|$)/.test(spec))
        found.push({ file: path.relative(ROOT, file), spec });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const app of Object.keys(APPS)) {
    const imports = crossFeatureImports(app);
    const edges = new Map();
    for (const { from, to, test } of imports) {
      const key = `${from} -> ${to}`;
      const entry = edges.get(key) ?? { code: 0, test: 0 };
      entry[test ? 'test' : 'code'] += 1;
      edges.set(key, entry);
    }
    console.log(`${app}: ${imports.filter((i) => !i.test).length} imports in code, ${imports.filter((i) => i.test).length} in tests`);
    for (const [key, { code, test }] of [...edges].sort()) console.log(`  ${key}  code ${code} test ${test}`);
  }
  console.log('web -> api:', webToApiImports());
}
