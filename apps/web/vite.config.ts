import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import {
  browserEndpoints,
  contractTextPairs,
  mantineCssPerComponent,
  scrollAreaWithoutFloatingUi,
} from './vite-plugins.ts';

// The API runs on its own port in development; in production the server serves dist/ on the same origin.
export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build: NODE_ENV=development (as `NODE_ENV=development npm start` sets it)
  // would otherwise ship React's development runtime to browsers. Checked by vite.config.test.ts.
  if (command === 'build') process.env.NODE_ENV = 'production';
  if (isSsrBuild) {
    // The public site's pages for the server to render (src/entry-server.tsx → dist-ssr/entry-server.js): the same
    // sources and plugins; npm dependencies stay in node_modules, CSS is the browser build's. Except the icon set
    // and the UI kit: imported whole from node_modules they cost the server ~95 MB of memory (bench/memory), of
    // which a page uses a few dozen components; bundled, only those are loaded.
    return {
      plugins: [react(), browserEndpoints(), contractTextPairs()],
      ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
      build: { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false },
    };
  }
  return {
    plugins: [
      react(),
      browserEndpoints(),
      contractTextPairs(),
      mantineCssPerComponent(),
      scrollAreaWithoutFloatingUi(),
      // Brotli and gzip beside every text asset, served as they are by the server (@fastify/static preCompressed).
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    ],
    server: {
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The manifest lets the bundle budget test (src/test/bundle-budget.test.ts) follow each page's imports.
      manifest: true,
      rolldownOptions: {
        // zod's builders, and the contract's own schema builders on top of them (common/text.ts, site/text.ts…),
        // are pure: a schema nothing reads is dropped with the module-level call that made it.
        treeshake: {
          manualPureFunctions: [
            'z',
            'text',
            'multilineText',
            'opaqueText',
            'secretText',
            'isoDateSchema',
            'localizedText',
            'answerText',
            'answerNote',
            'listOf',
          ],
        },
      },
    },
  };
});
