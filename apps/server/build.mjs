// Bundles the server into dist/main.js; npm dependencies stay external, the
// workspace contract (TypeScript source) is bundled in.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@taxportal/'));
for (const entry of ['main', 'cli/create-admin', 'cli/migrate', 'cli/seed']) {
  await build({
    entryPoints: [`src/${entry}.ts`],
    outfile: `dist/${entry}.js`,
    absWorkingDir: here,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, '@electric-sql/pglite/*', 'drizzle-orm/*'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}

// The sealing thread runs from its own file (plain JavaScript, no imports of ours): next to every entry, where
// `new URL('./seal-worker.mjs', import.meta.url)` looks for it.
for (const dir of ['dist', 'dist/cli']) {
  fs.copyFileSync(path.join(here, 'src/platform/storage/seal-worker.mjs'), path.join(here, dir, 'seal-worker.mjs'));
}
