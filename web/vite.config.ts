import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * React Router's package points every bundler at its development build (with its warnings); a
 * production build takes the production one beside it, a third smaller.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The first-load budget (scripts/first-load.mjs) follows the sign-in page's imports in the manifest.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached across
        // releases. Mantine is left to the bundler, so that each screen carries only the components it
        // uses (one chunk of all of Mantine would put the date pickers and the charts into sign-in).
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) {
            return 'react';
          }
          if (/node_modules\/react-router\//.test(id)) {
            return 'router';
          }
          return undefined;
        },
      },
    },
  },
}));
