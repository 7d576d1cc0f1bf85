import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiOrigin = process.env.CAMPUS_API_ORIGIN ?? 'http://127.0.0.1:8000';

// Vendor groups: React and Apollo (with graphql-ws) get chunks of their own, stable between
// releases. The router and Firebase do not: as groups they carried into the login screen the parts
// that only signed-in screens use, and one more request; left to the bundler they cost 2.3 kB less
// before the login screen paints (bench/web-weight.mjs).
const vendorGroups: Array<{ name: string; test: RegExp; priority: number }> = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  {
    name: 'vendor-apollo',
    test: /node_modules[\\/](@apollo|graphql|graphql-ws|@wry|optimism|rxjs|zen-observable|ts-invariant|@graphql-typed-document-node)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
