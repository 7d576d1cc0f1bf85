import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiOrigin = process.env.CAMPUS_API_ORIGIN ?? 'http://127.0.0.1:8000';

// Vendor groups: the login route needs react, router and firebase/auth only; Apollo (and graphql-ws)
// loads with the signed-in screens, so it lives in its own chunk.
const vendorGroups: Array<{ name: string; test: RegExp; priority: number }> = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'vendor-router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'vendor-firebase', test: /node_modules[\\/](firebase|@firebase|idb|tslib)[\\/]/, priority: 20 },
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
    // Every browser we support has <link rel="modulepreload">; skip the polyfill's bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
