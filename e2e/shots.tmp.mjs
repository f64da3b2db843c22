// Temporary screenshot tour (not committed): node e2e/shots.tmp.mjs http://127.0.0.1:3400
import { chromium, request } from '@playwright/test';
import { generateSync } from 'otplib';
import { demoTotpSecret } from '../apps/server/src/platform/db/demo-totp.mjs';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
async function ctxFor(email, width) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width === 390 ? 844 : 800 } });
  const r = context.request;
  await r.get('/api/v1/auth/session');
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value;
  const body = { email, password: 'demo-pass-2026' };
  let res = await r.post('/api/v1/auth/login', { data: body, headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {} });
  if (res.status() === 401 && email !== 'customer@demo.test') {
    res = await r.post('/api/v1/auth/login', { data: { ...body, otp: generateSync({ secret: demoTotpSecret(email) }) }, headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {} });
  }
  if (res.status() !== 200) console.log('login', email, res.status(), await res.text());
  return context;
}
const shot = async (page, name) => { await page.waitForTimeout(800); await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false }); };
for (const width of [1280, 390]) {
  const v = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
  await v.goto(base + '/register?tab=create&next=%2Fcreate-ticket'); await shot(v, `register-${width}`);
  await v.goto(base + '/p/pricing'); await shot(v, `pricing-${width}`);
  await v.close();
  const c = await ctxFor('customer@demo.test', width); const p = await c.newPage();
  await p.goto('/my-profile'); await shot(p, `profile-${width}`);
  await p.goto('/my-profile/security'); await shot(p, `profile-security-${width}`);
  const tickets = await (await c.request.get('/api/v1/tickets?limit=20')).json();
  await p.goto(`/form/${tickets.items[0].name}`); await p.mouse.wheel(0, 4000); await shot(p, `questionnaire-end-${width}`);
  await p.goto(`/security?back=${encodeURIComponent('/form/message/' + tickets.items[0].name)}`); await shot(p, `security-back-${width}`);
  await c.close();
  const a = await ctxFor('preparer@demo.test', width); const s = await a.newPage();
  const all = await (await a.request.get('/api/v1/tickets?limit=50')).json();
  const t = all.items.find((x) => x.status === 'Tax Preparation') ?? all.items[0];
  await s.goto(`/form/message/${t.name}`); await s.getByTestId('status-control').scrollIntoViewIfNeeded(); await shot(s, `status-card-${width}`);
  await s.getByTestId('draft-upload-form').scrollIntoViewIfNeeded().catch(() => {}); await shot(s, `draft-upload-${width}`);
  await a.close();
  const ad = await ctxFor('admin@demo.test', width); const e = await ad.newPage();
  await e.goto('/inbox'); await shot(e, `inbox-${width}`);
  await e.goto('/admin/staff'); await shot(e, `staff-${width}`);
  await e.goto('/billing'); await shot(e, `billing-staff-${width}`);
  await ad.close();
}
await browser.close();
