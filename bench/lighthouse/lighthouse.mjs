// Lighthouse (mobile, its default profile) on the production build, signed in, and a table in RESULTS.md.
//
//   npm run build && node bench/lighthouse/lighthouse.mjs [--label after] [--runs 3] [--port 3170] [--root DIR]
//     [--only /,/p/pricing]   (a comma-separated list of the pages below; the ticket page: /form/message/<ticket>)
//
// Starts the portal the README's way (`npm start` in --root, default this repository) on a fresh data dir with
// the demo accounts and their sample data, signs in through the API, puts every cookie the sign-in answer sets
// into the browser as a real cookie (name, path, flags: the page's own script must see what a signed-in browser
// has), and runs Lighthouse on each page --runs times, each run in a fresh browser context. Each figure
// is the median of the runs. The table for --label replaces the one of the same label in RESULTS.md; the machine's
// load (uptime) is written beside it, as performance figures depend on it.
// Needs Chromium at CHROME_PATH (default /usr/bin/chromium); its DevTools port is --port + 5.
// --save DIR keeps each run's full Lighthouse report (JSON) there, for the details of a failing audit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { generateSync } from 'otplib';
import puppeteer from 'puppeteer-core';
import { demoTotpSecret } from '../../apps/server/src/platform/db/demo-totp.mjs';
import { parseSetCookie } from '../lib/cookies.mjs';
import { benchServerEnv } from '../lib/server-env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split(/\s*--/)
    .filter(Boolean)
    .map((a) => a.split(/[ =]/)),
);
const label = args.label ?? 'after';
const runs = Number(args.runs ?? 3);
const port = Number(args.port ?? process.env.E2E_PORT ?? 3170);
const root = path.resolve(args.root ?? path.join(here, '../..'));
const saveDir = args.save ? path.resolve(args.save) : null;
const only = args.only ? new Set(args.only.split(',')) : null;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'demo-pass-2026';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Chromium with a DevTools port for Lighthouse (on the server's port + 5), in its own profile. */
async function launchChromium() {
  const debugPort = port + 5;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-chromium-'));
  const child = spawn(
    chromePath,
    [...CHROME_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() - started > 30_000) throw new Error('Chromium did not open its DevTools port in 30 s');
    await sleep(200);
  }
  return {
    port: debugPort,
    kill: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r()));
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function startServer() {
  const { env, remove } = benchServerEnv('lighthouse', port);
  delete env.SEED_DEMO;
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r()));
    remove();
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error('the server did not become ready in 120 s');
    }
    await sleep(200);
  }
  return stop;
}

/**
 * Signs in through the API; the cookies the answer sets, as a browser would keep them. Staff add the code of their
 * demo TOTP secret (every staff role has a second factor).
 */
async function signIn(email, { staff = false } = {}) {
  const otp = staff ? generateSync({ secret: demoTotpSecret(email) }) : undefined;
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, ...(otp ? { otp } : {}) }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map(parseSetCookie);
  if (cookies.length === 0) throw new Error(`sign-in as ${email} set no cookie`);
  // The locale and zone the app tells the server once it has run in this browser (contract formattingCookieName:
  // `__Host-` and Secure, as on 127.0.0.1 the browser is a secure context): a browser that has used the portal gets
  // its signed-in pages rendered on the server.
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  const formatting = `${encodeURIComponent(locale)}|${encodeURIComponent(timeZone)}`;
  return [...cookies, { name: '__Host-tp_fmt', value: formatting, domain: '127.0.0.1', path: '/', secure: true }];
}

async function getJson(url, cookies) {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

/** The demo sample is made in the seconds after the server answers: wait for the customer's tickets. */
async function demoTicketPath(cookie) {
  const started = Date.now();
  for (;;) {
    const list = await getJson('/api/v1/tickets', cookie);
    const items = list.items ?? list.data ?? list;
    if (Array.isArray(items) && items.length >= 3) {
      // Give the sample the moment it needs to finish the last tickets' documents and invoices.
      await sleep(3000);
      return `/form/message/${encodeURIComponent(items[0].name)}`;
    }
    if (Date.now() - started > 120_000) throw new Error('the demo sample data did not appear in 120 s');
    await sleep(1000);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse run in a fresh browser context holding `cookies` (none for a visitor). */
async function audit(chrome, url, cookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const context = await browser.createBrowserContext();
  let result;
  try {
    const page = await context.newPage();
    if (cookies) await context.setCookie(...cookies);
    result = await lighthouse(`${base}${url}`, { output: 'json', logLevel: 'error' }, undefined, page);
  } finally {
    await context.close();
    await browser.disconnect();
  }
  const lhr = result.lhr;
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${url.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const num = (a) => lhr.audits[a]?.numericValue ?? NaN;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    failing,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * Every page measured here is one the server renders (public pages for a visitor, signed-in ones for their reader):
 * a page that went out unrendered (a cookie the server no longer reads, say) would be measured as something else.
 */
async function assertRendered(url, cookies) {
  const cookie = (cookies ?? []).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  if (res.status !== 200 || !html.includes('id="tp-prerender"'))
    throw new Error(`${url}: the server did not render the page (${res.status})`);
}

/** On a busy machine Lighthouse sometimes loses the trace (NO_NAVSTART…): up to three tries. */
async function auditRetrying(chrome, url, cookie) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(chrome, url, cookie);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`${url}: ${err.message}; trying again`);
    }
  }
}

function table(rows) {
  const out = [
    '| page | who | performance | accessibility | best practices | SEO | LCP | TBT | CLS | transferred |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    out.push(
      `| \`${r.page}\` | ${r.who} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
        `${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(0)} KB |`,
    );
  }
  return out.join('\n');
}

function writeResults(rows, load) {
  const file = path.join(here, 'RESULTS.md');
  const header = `# Lighthouse, mobile profile\n\nMade by \`node bench/lighthouse/lighthouse.mjs --label <label>\` (see the script's head).\n`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : header;
  const section =
    `## ${label}\n\n` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${runs} runs per page, median of each figure; ` +
    `machine load before the runs: \`${load.before}\`, after: \`${load.after}\`.\n\n` +
    `${table(rows)}\n\n` +
    `Audits under 0.9 in any run: ${
      [...new Set(rows.flatMap((r) => r.failing.map((f) => `${f} (${r.page})`)))].join(', ') || 'none'
    }.\n`;
  const re = new RegExp(`## ${label}\\n[\\s\\S]*?(?=\\n## |$)`);
  text = re.test(text) ? text.replace(re, () => section) : `${text.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, text);
  console.log(`wrote ${file}`);
}

const uptime = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const stop = await startServer();
let chrome;
try {
  const customer = await signIn('customer@demo.test');
  const staff = await signIn('admin@demo.test', { staff: true });
  const ticket = await demoTicketPath(customer);
  // A visitor who chose Spanish (issue 31): the language's cookie, as the header's link sets it.
  const spanish = [{ name: 'tp_lang', value: 'es', domain: '127.0.0.1', path: '/' }];
  const pages = [
    // The public site (issue 11): the home page, a CMS page, a blog post and the contact form.
    { page: '/', who: 'visitor', cookie: null },
    { page: '/p/pricing', who: 'visitor', cookie: null },
    { page: '/detail/blog/estimated-taxes-for-freelancers', who: 'visitor', cookie: null },
    { page: '/contact-us', who: 'visitor', cookie: null },
    { page: '/register', who: 'visitor', cookie: null },
    // The site and sign-in in Spanish (issue 31).
    { page: '/es/', who: 'visitor', cookie: null },
    { page: '/register', who: 'visitor (es)', cookie: spanish },
    { page: '/dashboard', who: 'customer', cookie: customer },
    { page: '/my-tickets', who: 'customer', cookie: customer },
    { page: ticket, who: 'customer', cookie: customer },
    { page: '/vault', who: 'customer', cookie: customer },
    { page: '/billing', who: 'customer', cookie: customer },
    { page: '/all-tickets', who: 'staff', cookie: staff },
  ].filter((p) => !only || only.has(p.page) || (p.page === ticket && only.has('/form/message/<ticket>')));
  chrome = await launchChromium();
  const load = { before: uptime() };
  const rows = [];
  for (const p of pages) {
    await assertRendered(p.page, p.cookie);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await auditRetrying(chrome, p.page, p.cookie);
      console.log(
        `${p.page} (${p.who}) run ${i + 1}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} ` +
          `seo ${r.seo} LCP ${Math.round(r.lcp)} ms TBT ${Math.round(r.tbt)} ms CLS ${r.cls.toFixed(3)} ` +
          `${Math.round(r.bytes / 1024)} KB -> ${r.finalUrl}${r.failing.length ? ` [${r.failing.join(' ')}]` : ''}`,
      );
      results.push(r);
    }
    const m = (k) => median(results.map((r) => r[k]));
    rows.push({
      page: p.page.startsWith('/form/message/') ? '/form/message/<ticket>' : p.page,
      who: p.who,
      performance: m('performance'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      bytes: m('bytes'),
      failing: [...new Set(results.flatMap((r) => r.failing))],
    });
  }
  load.after = uptime();
  console.log(table(rows));
  writeResults(rows, load);
} finally {
  await chrome?.kill();
  await stop();
}
