// Build plugins that keep the browser's first load lean (docs/decisions/0016).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractSrc = path.resolve(here, '../../packages/contract/src');
/** `endpoints.ts` (all of them, the shared chunk's) and a feature's own declarations that its lazy chunk reads. */
const isEndpointsModule = (file: string) =>
  file === path.join(contractSrc, 'endpoints.ts') ||
  (file.startsWith(contractSrc + path.sep) && file.endsWith('.endpoints.ts'));
const contractTexts = path.resolve(here, 'src/app/i18n/contract-texts-es.ts');

/**
 * The contract's endpoint declarations, as the browser needs them: method, path and (for forms) what the body is.
 * The declarations also carry every zod schema the server validates with; the web client reads only the path and
 * method (lib/api/call.ts), so the browser build gets the declarations without their schemas, and zod loads only
 * with the forms that validate with it. Types are unchanged: TypeScript still reads the real declarations. The same
 * for a feature's own declarations (`organizerEndpoints`, `siteAdminEndpoints`…): the module of all of them lands in
 * the chunk every page loads, so a feature whose pages load apart reads its own from its namespace.
 */
export function browserEndpoints(): Plugin {
  return {
    name: 'taxportal:browser-endpoints',
    enforce: 'pre',
    async load(id) {
      const file = path.resolve(id.split('?')[0]!);
      if (!isEndpointsModule(file)) return null;
      const { module, dependencies } = await runnerImport<Record<string, Declared>>(file);
      for (const dep of dependencies) this.addWatchFile(dep);
      const lines = Object.entries(module).map(([name, e]) => `export const ${name} = ${JSON.stringify(lite(e))};`);
      return `// The contract's endpoints without their schemas (apps/web/vite-plugins.ts).\n${lines.join('\n')}\n`;
    },
  };
}

/**
 * The contract's texts the web shows itself, in Spanish (src/app/i18n/contract-texts-es.ts), as their value: the
 * module reads the whole catalogue (and its English objects, which live in chunks every page loads) to pair them; the
 * browser needs only the pairs, in the chunk Spanish readers load.
 */
export function contractTextPairs(): Plugin {
  return {
    name: 'taxportal:contract-text-pairs',
    enforce: 'pre',
    async load(id) {
      if (path.resolve(id.split('?')[0]!) !== contractTexts) return null;
      const { module, dependencies } = await runnerImport<{ contractTextsEs: unknown }>(contractTexts);
      for (const dep of dependencies) this.addWatchFile(dep);
      return `// The pairs contract-texts-es.ts makes (apps/web/vite-plugins.ts).\nexport const contractTextsEs = ${JSON.stringify(module.contractTextsEs)};\n`;
    },
  };
}

type Declared = Record<string, unknown>;

/** An endpoint as the browser needs it; a group of endpoints (`saveProfileSection.tax_payer`…) member by member. */
function lite(e: Declared): Declared {
  if (typeof e.method === 'string') {
    return { method: e.method, path: e.path, ...(e.consumes ? { consumes: e.consumes } : {}) };
  }
  return Object.fromEntries(Object.entries(e).map(([key, member]) => [key, lite(member as Declared)]));
}

const MANTINE_MODULE = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's CSS per component: each component's class-name module imports that component's stylesheet (from
 * `@mantine/core/styles/<Name>.layer.css`), so a chunk carries the CSS of exactly the components it uses and the
 * first load gets only the shell's. Dependencies come first (a component's module is imported after the
 * components it builds on), and everything is in `@layer mantine`, so the app's own CSS wins whatever the order.
 * Build only: the dev server pre-bundles Mantine, and main.tsx imports the whole sheet there.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'taxportal:mantine-css-per-component',
    apply: 'build',
    transform(code, id) {
      const match = MANTINE_MODULE.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.layer.css';\n${code}`, map: null };
    },
  };
}

const SCROLL_AREA_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = '\0taxportal:scroll-area-merge-refs';

/**
 * Mantine's ScrollArea imports one small hook, `useMergeRefs`, from `@floating-ui/react`. The bundler gives every
 * user of that library one shared chunk (what Popover, Menu, Select and Tooltip use of it, ~15 KB gzip), so any page
 * with a Table, a Modal or a Drawer (they scroll with ScrollArea) loaded all of floating-ui. Here ScrollArea gets
 * the same hook from `@mantine/hooks` (`useMergedRef`: the refs in order, React 19 cleanups kept). Should a Mantine
 * release import anything else there, the build fails on the missing export rather than shipping something else.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'taxportal:scroll-area-without-floating-ui',
    apply: 'build',
    enforce: 'pre', // before Vite's own resolver finds the package
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA_MODULE.test(importer)) return MERGE_REFS;
      return null;
    },
    load(id) {
      if (id !== MERGE_REFS) return null;
      return [
        "import { useMergedRef } from '@mantine/hooks';",
        'export const useMergeRefs = (refs) => useMergedRef(...refs);',
      ].join('\n');
    },
  };
}
