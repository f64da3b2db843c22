// An organizer of 300 questions with 100 conditions, answered on Lighthouse's phone (issue 32): the time from a tap
// on a yes/no until the question it reveals is visible, and the time to first show the organizer.
//
//   node bench/organizer/organizer-taps.mjs [--runs 3] [--taps 10] [--port 3190] [--root DIR]
//
// The portal is the production build, started as bench/taps does (bench/taps/server.mjs: a fresh data dir with the
// demo accounts; the script never builds). The customer (customer@demo.test) signs in through the API and opens
// their first demo ticket's questionnaire page (/form/<ticket>). The organizer itself needs no server state: the two
// organizer calls are answered in the browser (page.route): GET /api/v1/tickets/:id/organizer with the generated
// organizer, PUT with what was sent (the autosave), so the figures are the page's own work and the network's.
//
// The organizer: 6 sections of 50 questions; for each i < 100 a yes/no `y<i>`, a question `d<i>` shown only when
// `y<i>` is yes (money, text, number, date in turn) and an unconditional question `x<i>`: 300 questions, 100
// conditions. Each run: a fresh browser context (cold cache) as Pixel 7 (390 × 844, touch), CPU 4× slower and a slow
// 4G network (150 ms round trips, 1.6 Mbps down, 750 Kbps up) through DevTools (Emulation.setCPUThrottlingRate,
// Network.emulateNetworkConditions, as bench/taps/taps.mjs); navigation → the first question visible; then --taps
// taps on "Yes" of y0, y1, … (the first section's), each measured in the page from the tap's `pointerdown` to the
// first animation frame at which `d<i>` is visible, one second apart (the autosave's PUT runs between them).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseSetCookie } from '../lib/cookies.mjs';
import { median, s, spread } from '../taps/figures.mjs';
import { startServer } from '../taps/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { chromium, devices } = createRequire(path.join(here, '../../e2e/package.json'))('@playwright/test');

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/[ =]/)),
);
const runs = Number(args.runs ?? 3);
const taps = Number(args.taps ?? 10);
const port = Number(args.port ?? 3190);
const root = path.resolve(args.root ?? path.join(here, '../..'));
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Lighthouse's phone and network, as bench/taps/taps.mjs has them.
const PHONE = { ...devices['Pixel 7'], isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } };
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The generated organizer: 300 questions, 100 of them shown by a condition. */
function generatedOrganizer() {
  const questions = [];
  const kinds = ['money', 'text', 'number', 'date'];
  for (let i = 0; i < 100; i++) {
    questions.push({ id: `y${i}`, type: 'yes_no', label: { en: `Question ${i}: does this apply to you?` } });
    questions.push({
      id: `d${i}`,
      type: kinds[i % kinds.length],
      label: { en: `Details for question ${i}` },
      show_if: { question: `y${i}`, op: 'equals', value: true },
    });
    questions.push({ id: `x${i}`, type: 'text', required: false, label: { en: `Anything else about ${i}?` } });
  }
  const sections = [];
  for (let s = 0; s < 6; s++)
    sections.push({ id: `s${s}`, title: { en: `Part ${s + 1}` }, questions: questions.slice(s * 50, s * 50 + 50) });
  return { sections };
}

async function signIn() {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@demo.test', password: 'demo-pass-2026' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return res.headers.getSetCookie().map(parseSetCookie);
}

async function firstTicket(cookies) {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const started = Date.now();
  for (;;) {
    const list = await (await fetch(`${base}/api/v1/tickets`, { headers: { cookie } })).json();
    if (list.items?.length) return list.items[0];
    if (Date.now() - started > 120_000) throw new Error('the demo tickets did not appear in 120 s');
    await sleep(1000);
  }
}

/* global window, document, requestAnimationFrame */
function probe() {
  const now = () => performance.timeOrigin + performance.now();
  const p = { tap: null, shown: null, target: null, first: null };
  window.__orgProbe = p;
  const visible = (sel) => {
    const el = document.querySelector(sel);
    return !!el && el.checkVisibility();
  };
  // The organizer's first question: from the document's start.
  const first = () => {
    if (visible('[data-testid="q-y0"]')) p.first = now();
    else requestAnimationFrame(first);
  };
  requestAnimationFrame(first);
  const loop = () => {
    if (p.target && visible(p.target)) p.shown = now();
    else requestAnimationFrame(loop);
  };
  window.addEventListener(
    'pointerdown',
    (e) => {
      p.tap = performance.timeOrigin + e.timeStamp;
      p.shown = null;
      requestAnimationFrame(loop);
    },
    true,
  );
}

async function run(browser, cookies, ticket, organizer) {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'UTC' });
  await context.addCookies(cookies);
  await context.addInitScript(probe);
  let answers = {};
  let version = 1;
  let revision = 0;
  await context.route(/\/api\/v1\/tickets\/[^/]+\/organizer$/, async (route) => {
    const req = route.request();
    if (req.method() === 'PUT') {
      const sent = req.postDataJSON();
      ({ answers, version } = sent);
      revision = sent.revision + 1;
    }
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        ticket_id: ticket.id,
        organizer: {
          template_id: 'bench',
          name: 'Organizer of 300 questions',
          version,
          definition: organizer,
          answers,
          progress: { answered: 0, required: 0 },
          completion: 0,
          requests: [],
          carried_forward: null,
          updated_at: null,
          revision,
        },
      }),
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  try {
    await page.goto(`${base}/form/${encodeURIComponent(ticket.name)}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByTestId('q-y0').waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction(() => window.__orgProbe.first !== null);
    const firstShow = await page.evaluate(() => (window.__orgProbe.first - performance.timeOrigin) / 1000);
    const times = [];
    for (let i = 0; i < taps; i++) {
      await page.evaluate((sel) => (window.__orgProbe.target = sel), `[data-testid="q-d${i}"]`);
      if (await page.getByTestId(`q-d${i}`).count()) throw new Error(`d${i} was shown before its tap`);
      await page.getByTestId(`q-y${i}`).getByRole('radio', { name: 'Yes' }).tap();
      await page.waitForFunction(() => window.__orgProbe.shown !== null, null, { timeout: 30_000 });
      times.push(await page.evaluate(() => (window.__orgProbe.shown - window.__orgProbe.tap) / 1000));
      await sleep(1000);
    }
    return { firstShow, times, saved: Object.keys(answers).length, errors };
  } finally {
    await context.close();
  }
}

async function main() {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0)) await stop();
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const organizer = generatedOrganizer();
  const conditions = organizer.sections.flatMap((x) => x.questions).filter((q) => q.show_if).length;
  const questions = organizer.sections.flatMap((x) => x.questions).length;
  let browser;
  try {
    const how = await startServer({ root, port, onStop: (stop) => stops.push(stop) });
    const cookies = await signIn();
    const ticket = await firstTicket(cookies);
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    const results = [];
    for (let r = 0; r < runs; r++) {
      const out = await run(browser, cookies, ticket, organizer);
      console.log(
        `run ${r + 1}: first shown ${s(out.firstShow)} s; taps ${out.times.map(s).join(', ')} s; ` +
          `${out.saved} answers saved; page errors: ${out.errors.length}`,
      );
      results.push(out);
    }
    const allTaps = results.flatMap((x) => x.times);
    const lines = [
      `Organizer of ${questions} questions, ${conditions} conditions; Pixel 7 (390 × 844, touch), CPU ${CPU_SLOWDOWN}× slower,`,
      `${NETWORK.latency} ms round trips, 1.6 Mbps down, 750 Kbps up; ${runs} fresh contexts × ${taps} taps; server: ${how}.`,
      '',
      '| measure | median | min–max | n |',
      '| --- | ---: | ---: | ---: |',
      `| navigation → first question visible | ${s(median(results.map((x) => x.firstShow)))} s | ${spread(results.map((x) => x.firstShow))} s | ${runs} |`,
      `| tap "Yes" → revealed question visible | ${s(median(allTaps))} s | ${spread(allTaps)} s | ${allTaps.length} |`,
      '',
      `Per run, the taps' medians: ${results.map((x) => s(median(x.times))).join(', ')} s.`,
    ];
    console.log(`\n${lines.join('\n')}`);
    fs.writeFileSync(
      path.join(here, 'RESULTS.md'),
      `# Organizer taps (${new Date().toISOString()})\n\n${lines.join('\n')}\n`,
    );
  } finally {
    await browser?.close();
    await stopAll();
  }
}

await main();
