// The GraphQL IDE (GraphiQL) as a build of its own, so the app's bundle never carries it:
// web/ide -> web/dist/graphql-ide, which the api serves at GET /graphql (the page) and
// /graphql-ide/* (its hashed assets and Monaco's workers) when GRAPHQL_IDE=on.
// It runs after the app's build (`npm run build`), whose `vite build` empties web/dist.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('./ide', import.meta.url)),
  base: '/graphql-ide/',
  publicDir: false,
  plugins: [react()],
  // graphiql's worker set-up imports `?worker` modules, which dependency pre-bundling would break.
  optimizeDeps: { exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'] },
  build: {
    outDir: fileURLToPath(new URL('./dist/graphql-ide', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Monaco is one large module; the IDE is a developer tool loaded on its own page.
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // graphiql's modules start with "use no memo" (for the React compiler), which bundling drops: harmless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
