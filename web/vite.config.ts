import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The tab's icon written into index.html from public/logo.svg: the browser asks for a favicon on its own
 * (twice, in Chromium, on a first visit), beside the page's own logo; inlined, the logo is fetched once.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    transformIndexHtml(html) {
      const svg = readFileSync(path.join(import.meta.dirname, 'public', 'logo.svg'), 'utf8').replace(
        /\s+/g,
        ' ',
      );
      return html.replace('href="/logo.svg"', `href="data:image/svg+xml,${encodeURIComponent(svg.trim())}"`);
    },
  };
}

/**
 * React Router's package points every bundler at its development build (with its warnings); a
 * production build takes the production one beside it, a third smaller.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Modules the sign-in page and many screens share, kept together (see manualChunks). */
const SIGN_IN_PARTS =
  /@mantine\/core\/esm\/components\/(ActionIcon|Anchor|TextInput|Title|Group)\/|@mantine\/core\/esm\/core\/utils\/units-converters\/|web\/src\/lib\/(api-error|notify|translate)\.ts$|web\/src\/components\/password-field\.tsx$|web\/src\/features\/auth\/(redirect|api\/login)\.ts$/;

export default defineConfig(({ mode }) => ({
  plugins: [react(), inlineFavicon()],
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
          // The small pieces the sign-in form shares with the screens, in one chunk rather than a file
          // each: every file of the first load costs its own wrapper (docs/decisions/016-first-load-budget.md).
          if (SIGN_IN_PARTS.test(id)) {
            return 'sign-in-parts';
          }
          return undefined;
        },
      },
    },
  },
}));
