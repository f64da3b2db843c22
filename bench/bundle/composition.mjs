// bench/bundle: what each page's first load is made of, read from the production build's source maps.
//
// For each page of apps/web/bundle-budget.test.ts, the JavaScript a browser downloads before the page can show
// (the same walk of Vite's manifest), with each chunk's gzip size shared out among what its bytes came from:
// - an npm package (react-dom, @mantine/core, …): the libraries DESIGN.md chose;
// - our code, by part (app/, ui/, lib/, each feature, the contract package);
// - glue: bytes that map to no source (the chunks' import and export lines, the bundler's runtime and its lists
//   of what each dynamic import preloads).
// A chunk's gzip bytes go to each source in proportion to the raw bytes mapped to it (gzip works across the whole
// chunk, so this is a fair share, not an exact one).
//
//   npm run build && node bench/bundle/composition.mjs [--dist apps/web/dist] [--write]
//   (--write appends the table to bench/bundle/RESULTS.md)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dist = path.resolve(arg('--dist') ?? path.join(here, '../../apps/web/dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The page list and the shell's modules, as the budget test reads them (plain data: read as text, not imported,
// so that this script runs on plain Node).
const pageModulesSource = fs.readFileSync(path.join(here, '../../apps/web/src/app/router/page-modules.ts'), 'utf8');
const constant = (name) => new RegExp(`${name} = '([^']+)'`).exec(pageModulesSource)[1];
const block = /PAGE_MODULES = \{([\s\S]*?)\} as const/.exec(pageModulesSource)[1];
const PAGE_MODULES = Object.fromEntries(
  [...block.matchAll(/(\w+): \[([^\]]*)\]/g)].map(([, key, list]) => [
    key,
    [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]),
  ]),
);
const SIGNED_IN = [constant('SIGNED_IN_SHELL_MODULE'), constant('PORTAL_TEXTS_MODULE')];
const PAGES = [
  ['/', false, 'home'],
  ['/register', false, 'register'],
  ['/dashboard', true, 'dashboard'],
  ['/my-tickets', true, 'myTickets'],
  ['ticket page', true, 'ticket'],
  ['/vault', true, 'vault'],
  ['/billing', true, 'billing'],
  ['/all-tickets', true, 'allTickets'],
];

function firstLoad(keys) {
  const js = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    js.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return js;
}

/** Where a source of a source map belongs: an npm package, or a part of ours. */
function owner(source) {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (npm) return npm[1];
  const contract = /packages\/contract\//.exec(source);
  if (contract) return 'ours: contract';
  const web = /(?:^|\/)src\/(features\/[^/]+|[^/]+)/.exec(source);
  if (web) return `ours: ${/\.(json|tsx?)$/.test(web[1]) ? 'src/ (top level)' : web[1]}`;
  return `other: ${source}`;
}

/** A source map's `mappings`, per generated line: [column, source index] of each segment (base64 VLQ, v3). */
function decodeMappings(mappings) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const ch of segment) {
          const digit = digits.indexOf(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length < 4) return [column, undefined];
        source += fields[1];
        return [column, source];
      });
  });
}

/** An object literal of translated texts, as the bundler writes a JSON module: `var wr={auth:{welcomeTitle:`…`. */
const TEXTS = /var [\w$]+=\{[\w$]+:[{`]/;

const chunkShares = new Map();
/** A chunk's gzip size, shared out by owner. */
function shares(file) {
  let result = chunkShares.get(file);
  if (result) return result;
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const gzip = gzipSync(code, { level: 9 }).length;
  const raw = new Map();
  const mapFile = path.join(dist, `${file}.map`);
  const add = (who, n) => raw.set(who, (raw.get(who) ?? 0) + n);
  // What no source claims: the glue, except the i18n catalogues (en.json), which the bundler inlines unmapped.
  const unmapped = (text) =>
    add(TEXTS.test(text) && text.length > 500 ? 'ours: texts (en.json catalogues)' : 'glue', text.length);
  if (fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    const lines = code.split('\n');
    const decoded = decodeMappings(map.mappings);
    lines.forEach((text, line) => {
      const segments = decoded[line] ?? [];
      if (!segments.length) unmapped(text);
      else if (segments[0][0] > 0) unmapped(text.slice(0, segments[0][0]));
      for (let i = 0; i < segments.length; i++) {
        const [column, source] = segments[i];
        const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
        if (source === undefined) unmapped(text.slice(column, end));
        else add(owner(map.sources[source]), Math.max(0, end - column));
      }
    });
    add('glue', lines.length - 1); // the newlines
  } else unmapped(code);
  result = new Map([...raw].map(([who, n]) => [who, (gzip * n) / code.length]));
  chunkShares.set(file, result);
  return result;
}

const KB = 1024;
const kb = (n) => (n / KB).toFixed(1);
const group = (who) => {
  if (who === 'glue') return 'glue (import/export lines, runtime, preload lists)';
  if (who.startsWith('ours:')) return who;
  if (
    who.startsWith('@mantine/') ||
    who.startsWith('@floating-ui') ||
    who.startsWith('react-remove-scroll') ||
    [
      'react-number-format',
      'react-textarea-autosize',
      'use-callback-ref',
      'use-sidecar',
      'tslib',
      'react-style-singleton',
      'get-nonce',
      'detect-node-es',
      'clsx',
    ].includes(who)
  )
    return 'UI kit: @mantine/* and what it brings';
  if (who === 'react' || who === 'react-dom' || who === 'scheduler') return 'react + react-dom';
  if (who === 'react-router') return 'react-router';
  if (who === 'i18next' || who === 'react-i18next' || who === 'html-parse-stringify' || who === 'void-elements')
    return 'i18next + react-i18next';
  if (who.startsWith('@tanstack/')) return '@tanstack/react-query';
  if (who.startsWith('@tabler/')) return 'icons (@tabler/icons-react)';
  return `other npm: ${who}`;
};

const report = [];
for (const [label, signedIn, key] of PAGES) {
  const files = firstLoad(['index.html', ...(signedIn ? SIGNED_IN : []), ...PAGE_MODULES[key]]);
  const byGroup = new Map();
  const byOwner = new Map();
  let total = 0;
  for (const f of files)
    for (const [who, n] of shares(f)) {
      byGroup.set(group(who), (byGroup.get(group(who)) ?? 0) + n);
      byOwner.set(who, (byOwner.get(who) ?? 0) + n);
      total += n;
    }
  report.push({ label, signedIn, total, files: files.size, byGroup, byOwner });
}

const groups = [...new Set(report.flatMap((r) => [...r.byGroup.keys()]))].sort((a, b) => {
  const rank = (g) => (g.startsWith('ours:') ? 2 : g.startsWith('glue') ? 3 : 1);
  const size = (g) => report.reduce((s, r) => s + (r.byGroup.get(g) ?? 0), 0);
  return rank(a) - rank(b) || size(b) - size(a);
});
const libraries = (r) =>
  [...r.byGroup].filter(([g]) => !g.startsWith('ours:') && !g.startsWith('glue')).reduce((s, [, n]) => s + n, 0);
const ours = (r) => [...r.byGroup].filter(([g]) => g.startsWith('ours:')).reduce((s, [, n]) => s + n, 0);
const table = [
  `| gzip KB | ${report.map((r) => r.label).join(' | ')} |`,
  `| --- |${report.map(() => ' ---: |').join('')}`,
  ...groups
    .filter((g) => report.some((r) => (r.byGroup.get(g) ?? 0) >= 0.5 * KB))
    .map((g) => `| ${g} | ${report.map((r) => kb(r.byGroup.get(g) ?? 0)).join(' | ')} |`),
  `| **all libraries** | ${report.map((r) => `**${kb(libraries(r))}**`).join(' | ')} |`,
  `| **all ours** | ${report.map((r) => `**${kb(ours(r))}**`).join(' | ')} |`,
  `| **first load** (files) | ${report.map((r) => `**${kb(r.total)}** (${r.files})`).join(' | ')} |`,
  `| target | ${report.map((r) => (r.signedIn ? '180' : '120')).join(' | ')} |`,
].join('\n');
console.log(table);
if (process.argv.includes('--verbose'))
  for (const r of report)
    console.log(
      `\n${r.label}:\n${[...r.byOwner]
        .sort((a, b) => b[1] - a[1])
        .filter(([, n]) => n >= 0.3 * KB)
        .map(([who, n]) => `  ${kb(n).padStart(6)}  ${who}`)
        .join('\n')}`,
    );
if (process.argv.includes('--write')) {
  fs.appendFileSync(
    path.join(here, 'RESULTS.md'),
    `\n## ${new Date().toISOString().slice(0, 10)}: what each first load is made of (\`node bench/bundle/composition.mjs\`)\n\n${table}\n`,
  );
}
