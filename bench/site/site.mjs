// bench/site: what the firm's public website costs the server when visitors arrive together.
//
// The built server started as `npm start` starts it (NODE_ENV unset: the demo data and the sample site) on the
// embedded database, then autocannon with 50 connections against each public read, one after the other:
//   - the HTML of public routes (index.html with the page's own head: title, description, JSON-LD …),
//   - the public API the web app calls for them (settings, the home page for web and phone, the blog list, a post).
// Two passes per URL:
//   - `full`:        a visitor without anything cached: every answer is a 200 with the whole body;
//   - `revalidate`:  a returning visitor whose browser sends back the ETag it holds (If-None-Match): a 304.
// Run it twice to compare the server's published-content cache on and off:
//   SITE_CACHE_SECONDS=0 node bench/site/site.mjs --write "no server cache"
//   node bench/site/site.mjs --write "server cache (default)"
//
//   npm run build && node bench/site/site.mjs [--duration 10] [--connections 50] [--write LABEL]
//
// Every answer must be a 200 (or a 304 in the revalidate pass): anything else is counted as an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pct, requireBuild, sleep, startServer } from '../lib/client.mjs';

requireBuild();
const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DURATION = Number(option('duration', 10));
const CONNECTIONS = Number(option('connections', 50));
const LABEL = option('write', null);
const PORT = 3165;
const cacheSeconds = process.env.SITE_CACHE_SECONDS;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-site-'));
const server = startServer({
  port: PORT,
  log: 'pipe',
  env: {
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    KEY_FILE: `${dataDir}.keys.json`,
    SEED_DEMO: 'true',
    ...(cacheSeconds !== undefined ? { SITE_CACHE_SECONDS: cacheSeconds } : {}),
  },
});

/** Loads one URL; every answer's time and status is kept, so the percentiles are exact (autocannon has no p95). */
function cannon(url, headers, expected) {
  const ms = [];
  let bytes = 0;
  let wrong = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip, br', ...headers } },
      (err, result) =>
        err
          ? reject(err)
          : resolve({ ms: ms.sort((a, b) => a - b), bytes, wrong, errors: result.errors + result.timeouts }),
    );
    instance.on('response', (_client, status, resBytes, responseTime) => {
      ms.push(responseTime);
      bytes += resBytes;
      if (status !== expected) wrong++;
    });
  });
}

const rows = [];
try {
  // The demo's sample tickets are made in the minute after the server is ready: measure once they are done.
  let out = '';
  server.child.stdout.on('data', (d) => (out += d));
  await server.ready(120_000);
  for (let i = 0; !out.includes('demo sample data created'); i++) {
    if (i > 3000) throw new Error('the demo sample data was not created in 5 minutes');
    await sleep(100);
  }
  if (!(await fetch(`${server.base}/api/v1/pages/home?app=web`)).ok) throw new Error('no sample site');
  const posts = await (await fetch(`${server.base}/api/v1/blog?limit=3`)).json();
  const slug = posts.items[0]?.slug;
  if (!slug) throw new Error('no published post');
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const postPage = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .find((p) => p.includes(slug));
  const targets = [
    ['HTML', '/'],
    ['HTML', '/about-us'],
    ['HTML', '/contact-us'],
    ...(postPage ? [['HTML', postPage]] : []),
    ['API', '/api/v1/site'],
    ['API', '/api/v1/pages/home?app=web'],
    ['API', '/api/v1/pages/home?app=mobile'],
    ['API', '/api/v1/blog?limit=10'],
    ['API', `/api/v1/blog/${slug}`],
  ];
  for (const [kind, p] of targets) {
    const url = `${server.base}${p}`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
    if (first.status !== 200) throw new Error(`${p}: ${first.status}`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    const passes = [['full', {}], ...(etag ? [['revalidate', { 'if-none-match': etag }]] : [])];
    for (const [pass, headers] of passes) {
      const r = await cannon(url, headers, pass === 'full' ? 200 : 304);
      const row = {
        kind,
        path: p.replace(slug, '<post>'),
        pass,
        rps: Math.round(r.ms.length / DURATION),
        p50: pct(r.ms, 50).toFixed(1),
        p95: pct(r.ms, 95).toFixed(1),
        p99: pct(r.ms, 99).toFixed(1),
        bytes: Math.round(r.bytes / Math.max(1, r.ms.length)),
        errors: r.wrong + r.errors,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.keys.json`, { force: true });
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' ');
const table = [
  `| kind | path | pass | req/s | p50 ms | p95 ms | p99 ms | bytes/answer | errors |`,
  `| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ...rows.map(
    (r) =>
      `| ${r.kind} | \`${r.path}\` | ${r.pass} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.bytes} | ${r.errors} |`,
  ),
].join('\n');
console.log(`\n${table}\n\nload average at the end: ${load}`);
if (LABEL) {
  const file = path.join(here, 'RESULTS.md');
  const head = fs.existsSync(file)
    ? ''
    : '# bench/site: public website under 50 concurrent visitors\n\nMade by `node bench/site/site.mjs` (see its head).\n';
  fs.appendFileSync(
    file,
    `${head}\n## ${LABEL} (${new Date().toISOString().slice(0, 16)}Z, ${CONNECTIONS} connections, ${DURATION} s each, load ${load})\n\n${table}\n`,
  );
}
