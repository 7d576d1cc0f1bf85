import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

const apiOrigin = process.env.CAMPUS_API_ORIGIN ?? 'http://127.0.0.1:8000';

// Vendor groups: React and Apollo (with graphql-ws) get chunks of their own, stable between
// releases. The router and Firebase do not: as groups they carried into the login screen the parts
// that only signed-in screens use, and one more request; left to the bundler they cost 2.3 kB less
// before the login screen paints (bench/web-weight.mjs).
const vendorGroups: Array<{ name: string; test: RegExp; priority: number }> = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  {
    name: 'vendor-apollo',
    // Not the subscriptions' link nor graphql-ws: they load with the first subscription.
    test: /node_modules[\\/](@apollo(?![\\/]client[\\/]link[\\/]subscriptions)|graphql|@wry|optimism|rxjs|zen-observable|ts-invariant|@graphql-typed-document-node)[\\/]/,
    priority: 10,
  },
  // What the sign-in and sign-up screens share, as one chunk rather than three small ones (each
  // chunk and import costs bytes of its own): 0.4 kB less before the login screen paints. Not the
  // form rules (validation.ts): they bring @campus-clips/rules and zod, which the login screen
  // loads after it paints.
  {
    name: 'auth-screens',
    test: /src[\\/](features[\\/]auth[\\/](auth-card|use-navigate-when-signed-in)|shared[\\/]components[\\/]form-controls)\.tsx?$/,
    priority: 5,
  },
];

/**
 * Fills in web/public/sw.js as copied into the build: SHELL becomes the scripts and styles the
 * built index.html loads (the app shell it precaches) and VERSION a hash of them, of the worker
 * itself and of the offline page, so each build that changes any of them installs a new cache.
 */
function precacheServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'campus-clips:precache-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const workerFile = path.join(outDir, 'sw.js');
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const shell = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]))];
      const worker = fs.readFileSync(workerFile, 'utf8');
      const version = createHash('sha256')
        .update(JSON.stringify(shell))
        .update(worker)
        .update(fs.readFileSync(path.join(outDir, 'offline.html')))
        .digest('hex')
        .slice(0, 12);
      const filled = worker
        .replace("const VERSION = 'dev';", `const VERSION = '${version}';`)
        .replace('const SHELL = [];', `const SHELL = ${JSON.stringify(shell)};`);
      if (filled === worker || !shell.length) throw new Error('precacheServiceWorker: sw.js or index.html is not as expected');
      fs.writeFileSync(workerFile, filled);
    },
  };
}

// React Router's package exports name its development build for every bundler condition; its
// production build (same API, no dev-only warnings and checks) sits next to it: 0.5 kB less
// before the login screen paints.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

const DOCUMENT_PREFIX = '\0campus-document:';

/**
 * The generated operation documents (src/graphql/graphql.ts, codegen's client preset) as one small
 * module per document. As one module, every document any screen uses (85, 9 kB gzip) rode in one
 * chunk that the first screen to use Apollo loaded; apart, each screen loads the documents it sends.
 * The app's imports of documents from graphql.ts are pointed at the document's own module (types
 * are gone by then). Each generated document is a self-contained JSON literal on one line (its
 * fragments inlined); the build fails if the file stops looking like that.
 */
function documentPerModule(): Plugin {
  const generated = fileURLToPath(new URL('./src/graphql/graphql.ts', import.meta.url));
  let documents: Map<string, string> | null = null;
  const readDocuments = () => {
    if (documents) return documents;
    const source = fs.readFileSync(generated, 'utf8');
    const pattern = /^export const (\w+) = (\{"kind":"Document".*\}) as unknown as DocumentNode<.*>;$/gm;
    documents = new Map([...source.matchAll(pattern)].map(([, name, literal]) => [name, literal]));
    const runtimeExports = source.match(/^export (?:const|function|class|enum|let|var) /gm)?.length ?? 0;
    if (!documents.size || documents.size !== runtimeExports) {
      throw new Error(`documentPerModule: ${generated} has ${runtimeExports} runtime exports, ${documents.size} documents read`);
    }
    return documents;
  };
  const importFromGenerated = /import\s*\{([^}]*)\}\s*from\s*(["'])([^"']*\/graphql\/graphql)(?:\.ts)?\2;?/g;
  return {
    name: 'campus-clips:document-per-module',
    apply: 'build',
    enforce: 'post',
    resolveId(source) {
      return source.startsWith(DOCUMENT_PREFIX) ? source : null;
    },
    load(id) {
      if (!id.startsWith(DOCUMENT_PREFIX)) return null;
      const name = id.slice(DOCUMENT_PREFIX.length);
      return `export const ${name} = ${readDocuments().get(name)};\n`;
    },
    transform(code, id) {
      if (!/[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('/graphql/graphql')) return null;
      const known = readDocuments();
      return code.replace(importFromGenerated, (_statement, specifiers: string, quote: string, from: string) => {
        const names = specifiers
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const imported = (part: string) => part.split(/\s+as\s+/)[0];
        const others = names.filter((part) => !known.has(imported(part)));
        const split = names
          .filter((part) => known.has(imported(part)))
          .map((part) => `import { ${part} } from ${quote}${DOCUMENT_PREFIX}${imported(part)}${quote};`);
        if (others.length) split.push(`import { ${others.join(', ')} } from ${quote}${from}${quote};`);
        return split.join(' ');
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precacheServiceWorker(),
    documentPerModule(),
    // Brotli and gzip copies of the hashed scripts and styles, made once at build time; the api
    // serves the one the browser accepts (web-app.ts). On the phone profile the first Home paint
    // crossed the network uncompressed: 820 kB instead of 215 (bench/results/phone-latest.md).
    compression({ include: /^assets\/.+\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/graphql': { target: apiOrigin, ws: true, changeOrigin: true },
      '/api': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
      '/media': { target: apiOrigin, changeOrigin: true },
      '/app-config.js': { target: apiOrigin, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser we support has <link rel="modulepreload">; skip the polyfill's bytes. index.html
    // still preloads what the entry imports; a lazy page's own imports are not listed ahead (the
    // browser finds them when the page chunk arrives): the lists and their loader were 1.1 kB of the
    // JavaScript needed before the login screen paints, whose target is 120 kB.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // The app's own modules do nothing when imported but define things (main.tsx and the CSS
      // aside). Saying so lets a screen that imports a feature's index.ts take only the modules it
      // uses: otherwise the bundler keeps every module an index re-exports, in case importing it
      // mattered, and the Home feed loaded the comment composer, the upload client, the
      // moderator's dialogs and the form rules with the post card.
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(DOCUMENT_PREFIX) && !/[\\/]web[\\/]src[\\/](?!main\.tsx$).*\.tsx?$/.test(id),
      },
      output: {
        // A group takes the modules its test names, not everything they import: with their imports,
        // the sign-in group took the router and Firebase's glue out of the entry, and every other
        // screen then loaded the sign-in code too.
        codeSplitting: { groups: vendorGroups, includeDependenciesRecursively: false },
      },
    },
  },
}));
