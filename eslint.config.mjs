// ESLint for the whole repository (flat config). `npm run lint` runs `eslint .`.
import fs from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureGraph from './feature-graph.mjs';

const API_FILES = ['api/src/**/*.ts', 'api/test/**/*.ts'];

// ---------------------------------------------------------------------------------------------
// api: the layers of docs/ARCHITECTURE.md ("The api's layers"), with one-way imports.
//
//   root    main.ts, app.ts, config.ts        composition root and settings: may import anything
//   shared  the kernel                         imports only libraries and shared/
//   infra   db, pubsub, identity, media...     shared/ and infra/ only
//   module  modules/<feature>/                 shared/, infra/, its own files, another feature
//                                              only through that feature's index.ts and only
//                                              when feature-graph.mjs lets it, and (types
//                                              only) modules/graphql-context.ts, rest-context.ts
//   wiring  modules/*.ts                       services, entities, resolvers, graphql-context:
//                                              shared/, infra/, wiring, features' index.ts
//   entry   graphql/, rest/, http/             shared/, infra/, wiring, features' index.ts,
//                                              config.ts, and their own folder
//   demo    demo/                              tooling: anything but tests
//   test    api/test/                          anything
//   test-support  api/test/support/            (a test) anything
//   test-module   modules/<feature>/*.test.ts,  a feature's own tests and named scenarios: what the
//                 modules/<feature>/*.scenarios.ts  feature may import, its own files (tests too),
//                                              and api/test/support; nothing else imports them
//
// `wiring` is the one type the first map did not name: the files in modules/ that gather
// every feature (services.ts, entities.ts, resolvers.ts, graphql-context.ts, rest-context.ts) sit above the
// features, so they must not count as a feature themselves.
// ---------------------------------------------------------------------------------------------
const API = 'api/src';
const features = fs
  .readdirSync(`${API}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const entries = ['graphql', 'rest', 'http', 'admin'];

const to = (element, dependency) => ({ to: { element }, ...(dependency ? { dependency } : {}) });
const type = (name, extra = {}) => ({ type: name, ...extra });
const featureIndex = type('module', { fileInternalPath: 'index.ts' });
// The index.ts of each feature `feature` may import (feature-graph.mjs): one way, no cycles.
const allowedIndexes = (app, element, feature) =>
  Object.keys(featureGraph[app][feature] ?? {}).map((other) =>
    to(type(element, { captured: { feature: other }, fileInternalPath: 'index.ts' })),
  );
// Listed before a feature's allow policy (the last matching policy wins): any other feature is
// refused with a message that names the graph, the pair and what the feature may import.
const sidewaysImport = (app, fromElement, element, feature) => {
  const allowed = Object.keys(featureGraph[app][feature] ?? {});
  return {
    from: { element: type(fromElement, { captured: { feature } }) },
    disallow: [to(type(element, { captured: { feature: `!${feature}` } }))],
    message:
      `${app} feature "${feature}" may not import "\${dependency.source}" (feature "\${dependency.feature}"): it may import only ` +
      `${allowed.length ? `the index.ts of ${allowed.join(', ')}` : 'its own files, no other feature'} (feature-graph.mjs). ` +
      'Features import one way: pass what it needs in as props, or move the shared part down.',
  };
};

const apiBoundaries = {
  files: API_FILES,
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      // Tests first: a feature's tests and scenarios sit in its folder but are test code.
      { type: 'test-module', pattern: `${API}/modules/*/*.{test,scenarios}.ts`, mode: 'file', capture: ['feature'] },
      {
        type: 'root',
        pattern: `${API}/{main,app,config,worker,admin-cli,video-processing-wiring,data-export-wiring,version,telemetry}.ts`,
        mode: 'file',
      },
      { type: 'shared', pattern: `${API}/shared` },
      { type: 'infra', pattern: `${API}/infra` },
      { type: 'wiring', pattern: `${API}/modules/*.ts`, mode: 'file' },
      { type: 'module', pattern: `${API}/modules/*`, capture: ['feature'] },
      ...entries.map((name) => ({ type: 'entry', pattern: `${API}/${name}`, capture: [] })),
      { type: 'demo', pattern: `${API}/demo` },
      { type: 'test-support', pattern: 'api/test/support' },
      { type: 'test', pattern: 'api/test' },
    ],
    'boundaries/elements-single-match': true,
    'boundaries/legacy-warnings': false,
    // boundaries resolves imports through eslint-module-utils, which reads the `import/resolver` key.
    'import/resolver': { typescript: { project: 'api/tsconfig.json' } },
  },
  rules: {
    // Every import between api files must be allowed below; anything else is an error.
    'boundaries/no-unknown-files': 'error',
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: { element: type('root') }, allow: [to(type('*'))] },
          { from: { element: type('shared') }, allow: [to(type('shared'))] },
          { from: { element: type('infra') }, allow: [to(type('shared')), to(type('infra'))] },
          // A feature: its own files, and another feature only through that feature's index.ts and
          // only in the direction feature-graph.mjs declares.
          ...features.map((feature) => sidewaysImport('api', 'module', 'module', feature)),
          ...features.map((feature) => ({
            from: { element: type('module', { captured: { feature } }) },
            allow: [
              to(type('shared')),
              to(type('infra')),
              to(type('module', { captured: { feature } })),
              ...allowedIndexes('api', 'module', feature),
              // Resolvers and REST routes name the context type they receive; nothing else of the wiring.
              to(type('wiring', { path: `${API}/modules/graphql-context.ts` }), { kind: 'type' }),
              to(type('wiring', { path: `${API}/modules/rest-context.ts` }), { kind: 'type' }),
            ],
          })),
          { from: { element: type('wiring') }, allow: [to(type('shared')), to(type('infra')), to(type('wiring')), to(featureIndex)] },
          // An entry: the layers below, and its own folder. One entry reaching into another must be
          // added here by name, with a comment saying why it composes the other.
          ...entries.map((name) => ({
            from: { element: type('entry', { path: `${API}/${name}` }) },
            allow: [
              to(type('shared')),
              to(type('infra')),
              to(type('wiring')),
              to(featureIndex),
              to(type('entry', { path: `${API}/${name}` })),
              to(type('root', { path: `${API}/config.ts` })),
            ],
          })),
          { from: { element: type('demo') }, allow: [to(type('!test*'))] },
          { from: { element: type('test') }, allow: [to(type('*'))] },
          { from: { element: type('test-support') }, allow: [to(type('*'))] },
          // A feature's tests and scenarios: what the feature may import, its own files (its other
          // tests and scenarios too), and the test kit. Source files never import them (no policy above names them).
          ...features.map((feature) => sidewaysImport('api', 'test-module', 'module', feature)),
          ...features.map((feature) => ({
            from: { element: type('test-module', { captured: { feature } }) },
            allow: [
              to(type('shared')),
              to(type('infra')),
              to(type('module', { captured: { feature } })),
              to(type('test-module', { captured: { feature } })),
              ...allowedIndexes('api', 'module', feature),
              to(type('test-support')),
            ],
          })),
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// web: the map of docs/ARCHITECTURE.md ("The web app's layers"), with one-way imports.
//
//   shared   web/src/shared/                 components, hooks, lib, session: shared/ and the
//                                            generated graphql/ only
//   feature  web/src/features/<feature>/     shared/, graphql/, its own files, and another feature
//                                            only through that feature's index.ts and only when
//                                            feature-graph.mjs lets it
//   api      api/                            nothing in the web may import it: the web talks to
//                                            the api over HTTP (types come from schema.graphql)
//   app      web/src/app/, main.tsx          router, layouts, providers: anything but test helpers
//                                            (lazy routes name a page module by its own path so each
//                                            page stays its own chunk)
//   graphql  web/src/graphql/                generated by codegen (not linted; imported by all)
//   test     *.test.ts(x), shared/lib/       anything
//            testing/, web/e2e/
// ---------------------------------------------------------------------------------------------
const WEB = 'web/src';
const WEB_FILES = [`${WEB}/**/*.{ts,tsx}`, 'web/e2e/**/*.ts'];
const webFeatures = fs
  .readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// web/e2e/tsconfig.json extends this one and imports only its own files and packages.
const WEB_PROJECT = 'web/tsconfig.json';

const webBoundaries = {
  files: WEB_FILES,
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      // Tests first: a feature's own tests sit beside it but may compose several features.
      { type: 'test', pattern: `${WEB}/**/*.test.{ts,tsx}`, mode: 'file' },
      { type: 'test', pattern: `${WEB}/shared/lib/testing` },
      { type: 'test', pattern: 'web/e2e' },
      { type: 'graphql', pattern: `${WEB}/graphql` },
      { type: 'shared', pattern: `${WEB}/shared` },
      { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
      { type: 'app', pattern: `${WEB}/app` },
      { type: 'app', pattern: `${WEB}/main.tsx`, mode: 'file' },
      // Named so that importing it is a reported dependency (no policy allows it).
      { type: 'api', pattern: 'api' },
    ],
    'boundaries/elements-single-match': true,
    'boundaries/legacy-warnings': false,
    // Re-exports (a feature's index.ts) and import() (lazy pages, the on-demand Apollo client) count too.
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'import/resolver': { typescript: { project: WEB_PROJECT } },
  },
  rules: {
    'boundaries/no-unknown-files': 'error',
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: { element: type('shared') }, allow: [to(type('shared')), to(type('graphql'))] },
          // A feature: its own files, and another feature only through that feature's index.ts and
          // only in the direction feature-graph.mjs declares.
          ...webFeatures.map((feature) => sidewaysImport('web', 'feature', 'feature', feature)),
          ...webFeatures.map((feature) => ({
            from: { element: type('feature', { captured: { feature } }) },
            allow: [
              to(type('shared')),
              to(type('graphql')),
              to(type('feature', { captured: { feature } })),
              ...allowedIndexes('web', 'feature', feature),
            ],
          })),
          { from: { element: type('app') }, allow: [to(type('!{test,api}'))] },
          { from: { element: type('graphql') }, allow: [to(type('graphql'))] },
          { from: { element: type('test') }, allow: [to(type('!api'))] },
          // Last, so that it wins: the web and the api share nothing but the schema and packages/rules.
          {
            from: { element: type('*') },
            disallow: [to(type('api'))],
            message:
              'The web may not import the api (${dependency.source}): it talks to the api over HTTP, with types generated from ' +
              'schema.graphql (npm run codegen); rules both apps use live in packages/rules.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'web/src/graphql/**', '**/coverage/**', 'data/**', '**/.data/**', 'bench/results/**'],
  },

  // ----- api ---------------------------------------------------------------------------------
  {
    files: API_FILES,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // import-x/no-cycle follows imports into .ts files only when it is told to parse them.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'api/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // Deliberate style: `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Start-up errors quote their cause's message in their own; attaching `cause` would change what they print.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['api/test/**/*.ts'],
    rules: {
      // Tests read GraphQL and REST answers as untyped JSON.
      '@typescript-eslint/no-explicit-any': 'off',
      // Fuzz inputs are deliberately hostile: numbers beyond double precision among them.
      'no-loss-of-precision': 'off',
      // A default before a try that may fail is how the process scans read /proc.
      'no-useless-assignment': 'off',
    },
  },
  apiBoundaries,

  // ----- web ---------------------------------------------------------------------------------
  {
    files: WEB_FILES,
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: WEB_PROJECT })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Accessibility of the markup (issue 28, WCAG 2.2 AA): the plugin's recommended rules on every
  // component; the browser tests check what only a rendered page shows (axe, keyboard paths).
  {
    files: [`${WEB}/**/*.tsx`],
    ignores: [`${WEB}/**/*.test.tsx`],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region must take focus, or a keyboard cannot scroll it (WCAG 2.1.1, axe's
      // scrollable-region-focusable): a named region may have tabIndex 0, as a tab panel may.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['web/e2e/**/*.ts', `${WEB}/**/*.test.{ts,tsx}`, `${WEB}/shared/lib/testing/**`],
    languageOptions: { globals: { ...globals.node } },
  },
  webBoundaries,

  // The GraphiQL page (its own Vite build): the recommended rules and the rules of hooks, no layers.
  {
    files: ['web/ide/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  // ----- packages/rules ------------------------------------------------------------------------
  // The shared input rules run in the api and in the browser: zod and the package's own files only.
  {
    files: ['packages/rules/src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      // `for (const _ of text)` counts code points without naming them.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\./[^/]+$)',
              message: '@campus-clips/rules may import only zod and its own files (./name).',
            },
          ],
        },
      ],
    },
  },
  // -------------------------------------------------------------------------------------------
);
