// bench/bundle: the first-load floor of the libraries DESIGN.md chose, before any of our code.
//
// A page of this app cannot load less than React with react-dom, the router, i18next with its React binding,
// Mantine's provider and one component, and TanStack Query: this script bundles exactly that (a one-button
// page), and each library alone, with esbuild (minified, production React), and prints gzip sizes beside issue
// 14's targets (120 KB for public pages, 180 KB signed in). Compare with what apps/web/bundle-budget.test.ts
// measures of the real build.
//
//   node bench/bundle/floor.mjs [--write]      (--write appends the table to bench/bundle/RESULTS.md)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '../../apps/web');
const variants = {
  'react + react-dom': `import { createRoot } from 'react-dom/client';
createRoot(document.body).render(<p>hi</p>);`,
  'react-router': `import { createBrowserRouter, RouterProvider } from 'react-router';
console.log(createBrowserRouter, RouterProvider);`,
  'i18next + react-i18next': `import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
console.log(i18next.use(initReactI18next), useTranslation);`,
  '@mantine/core (provider, Button)': `import { MantineProvider, Button } from '@mantine/core';
console.log(MantineProvider, Button);`,
  '@tanstack/react-query': `import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
console.log(QueryClient, QueryClientProvider);`,
  'all of them: a one-button page': `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { MantineProvider, Button } from '@mantine/core';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hi: 'Hello' } } } });
function Home() { const { t } = useTranslation(); return <Button>{t('hi')}</Button>; }
const router = createBrowserRouter([{ path: '/', element: <Home /> }]);
createRoot(document.body).render(
  <QueryClientProvider client={new QueryClient()}><MantineProvider><RouterProvider router={router} /></MantineProvider></QueryClientProvider>,
);`,
};

const rows = [];
for (const [name, source] of Object.entries(variants)) {
  const result = await build({
    stdin: { contents: source, loader: 'tsx', resolveDir: web },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'error',
  });
  const bytes = result.outputFiles[0].contents;
  rows.push({ name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
}
const kb = (n) => (n / 1024).toFixed(1);
const version = (pkg) => JSON.parse(fs.readFileSync(path.join(web, '../../node_modules', pkg, 'package.json'))).version;
const versions = [
  'react',
  'react-dom',
  'react-router',
  'i18next',
  'react-i18next',
  '@mantine/core',
  '@tanstack/react-query',
]
  .map((p) => `${p} ${version(p)}`)
  .join(', ');
const table = [
  '| bundle | raw KB | gzip KB |',
  '| --- | ---: | ---: |',
  ...rows.map((r) => `| ${r.name} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
].join('\n');
console.log(`${table}\n\n${versions}\ntargets (issue 14): public pages 120 KB, signed-in pages 180 KB (gzip)`);
if (process.argv.includes('--write')) {
  const file = path.join(here, 'RESULTS.md');
  const head = fs.existsSync(file)
    ? ''
    : "# bench/bundle: the libraries' first-load floor\n\nMade by `node bench/bundle/floor.mjs --write` (see its head).\n";
  fs.appendFileSync(file, `${head}\n## ${new Date().toISOString().slice(0, 10)} (${versions})\n\n${table}\n`);
}
