import { eq, sql } from 'drizzle-orm';
import { col, firstRow, rows, rowSchema } from '../platform/db/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTypes, outbox } from '../platform/db/schema.ts';
import {
  createCustomer,
  createStaff,
  PASSWORD,
  signIn,
  uniqueEmail,
  type Agent,
  type TestApp,
  createTestApp,
} from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';
import { readZip } from '../test/zip-reader.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, ua: string, remoteAddress = '127.0.0.1', agent?: Agent) {
  const a = agent ?? new (await import('../test/helper.ts')).Agent(t.app);
  const res = await a.request({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': ua },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return a;
}

describe('sessions and devices', () => {
  it('lists the caller’s sessions with device, place and this one; another person’s are not there', async () => {
    const c = await createCustomer(t);
    const desk = await signInFrom(c.email, CHROME_WIN);
    await signInFrom(c.email, SAFARI_IPHONE, '203.0.113.9');
    const someoneElse = await createCustomer(t);
    await signIn(t, someoneElse.email);
    const items = (await desk.get('/api/v1/auth/sessions')).json().items as {
      device: string;
      place: string;
      current: boolean;
      id: string;
    }[];
    expect(items).toHaveLength(2);
    expect(items.find((s) => s.current)!.device).toBe('Chrome on Windows');
    expect(items.find((s) => !s.current)).toMatchObject({ device: 'Safari on iPhone', place: '203.0.113.9' });
    // The list never shows a session's key.
    const keys = await rows(
      t.database.db,
      rowSchema({ id: col.text() }),
      sql`select id from sessions where user_id = ${c.id}`,
    );
    for (const row of keys) expect(JSON.stringify(items)).not.toContain(row.id);
  });

  it('a revoked session is refused on the very next request; another’s session id is 404', async () => {
    const c = await createCustomer(t);
    const desk = await signInFrom(c.email, CHROME_WIN);
    const phone = await signInFrom(c.email, SAFARI_IPHONE);
    expect((await phone.get('/api/v1/auth/session')).statusCode).toBe(200);
    const other = await signIn(t, (await createCustomer(t)).email);
    const phoneId = ((await desk.get('/api/v1/auth/sessions')).json().items as { id: string; current: boolean }[]).find(
      (s) => !s.current,
    )!.id;
    expect((await other.delete(`/api/v1/auth/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await phone.get('/api/v1/auth/session')).statusCode).toBe(200);
    expect((await desk.delete(`/api/v1/auth/sessions/${phoneId}`)).statusCode).toBe(204);
    expect((await phone.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await desk.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('ends every other session at once and keeps this one', async () => {
    const c = await createCustomer(t);
    const desk = await signIn(t, c.email);
    const a = await signIn(t, c.email);
    const b = await signIn(t, c.email);
    expect((await a.get('/api/v1/auth/session')).statusCode).toBe(200);
    const res = await desk.delete('/api/v1/auth/sessions');
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await a.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await b.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await desk.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('mails the account on a sign-in from a new device, not from a known one', async () => {
    const c = await createCustomer(t);
    // The account's very first sign-in is no news; a second browser is.
    await signInFrom(c.email, SAFARI_IPHONE);
    const first = await signInFrom(c.email, CHROME_WIN);
    const mail = await smtp.waitFor(c.email, /device it had not seen before/);
    expect(mail.text).toContain('Chrome on Windows');
    expect(mail.text).toContain('Local network');
    const before = smtp.mails.filter((m) => m.to.includes(c.email)).length;
    // The same browser (its device cookie) signs in again: no new mail.
    await signInFrom(c.email, CHROME_WIN, '127.0.0.1', first);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.filter((m) => m.to.includes(c.email)).length).toBe(before);
  });
});

describe('my profile', () => {
  it('shows and changes the name and language; the phone is not changed here', async () => {
    const c = await createCustomer(t);
    const me = await signIn(t, c.email);
    expect((await me.get('/api/v1/profile')).json()).toMatchObject({
      email: c.email,
      full_name: c.full_name,
      phone: c.phone,
      language: 'en',
      roles: ['Customer'],
      pending_email: null,
    });
    const res = await me.request({
      method: 'PATCH',
      url: '/api/v1/profile',
      payload: { full_name: 'Olive Renamed', phone: '+12025550100' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Olive Renamed', phone: c.phone });
    const bad = await me.request({ method: 'PATCH', url: '/api/v1/profile', payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(422);
  });

  it('changes the e-mail only through the link sent to the new address, and tells the old one', async () => {
    const c = await createCustomer(t);
    const me = await signIn(t, c.email);
    const next = uniqueEmail('moved');
    const wrong = await me.post('/api/v1/profile/email-change', { new_email: next, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    const res = await me.post('/api/v1/profile/email-change', { new_email: next, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await me.get('/api/v1/profile')).json()).toMatchObject({ email: c.email, pending_email: next });
    await smtp.waitFor(c.email, new RegExp(next.replace(/\./g, '\\.')));
    const link = await smtp.waitFor(next, /confirm-email\?token=/);
    const token = /token=([\w-]+)/.exec(link.text)![1]!;
    // The outbox never holds the token.
    const stored = await t.database.db.select().from(outbox).where(eq(outbox.to, next));
    expect(stored.map((m) => m.text).join()).not.toContain(token);
    expect((await me.post('/api/v1/profile/email-change/confirm', { token: 'forged' })).statusCode).toBe(400);
    const done = await me.post('/api/v1/profile/email-change/confirm', { token });
    expect(done.statusCode).toBe(200);
    expect((await me.get('/api/v1/profile')).json()).toMatchObject({ email: next, pending_email: null });
    await smtp.waitFor(c.email, /is now/);
    // Single use.
    expect((await me.post('/api/v1/profile/email-change/confirm', { token })).statusCode).toBe(400);
    await signIn(t, next);
  });

  it('an expired e-mail link does nothing; an address already taken is refused', async () => {
    const c = await createCustomer(t);
    const me = await signIn(t, c.email);
    const taken = await createCustomer(t);
    const refused = await me.post('/api/v1/profile/email-change', { new_email: taken.email, password: PASSWORD });
    expect(refused.statusCode).toBe(422);
    const next = uniqueEmail('late');
    await me.post('/api/v1/profile/email-change', { new_email: next, password: PASSWORD });
    const token = /token=([\w-]+)/.exec((await smtp.waitFor(next, /token=/)).text)![1]!;
    await t.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 minute' where user_id = ${c.id}`,
    );
    expect((await me.post('/api/v1/profile/email-change/confirm', { token })).statusCode).toBe(400);
    expect((await me.get('/api/v1/profile')).json().email).toBe(c.email);
  });

  it('exports the caller’s data as a zip with their decrypted documents, and nothing of another customer', async () => {
    const [typeRow] = await t.database.db.select().from(documentTypes).limit(1);
    const c = await createCustomer(t, { full_name: 'Export Owner' });
    const me = await signIn(t, c.email);
    const o = await createCustomer(t, { full_name: 'Someone Else' });
    const other = await signIn(t, o.email);
    const mine = await openTicket(t, me);
    const theirs = await openTicket(t, other);
    await me.post(`/api/v1/tickets/${mine.id}/messages`, { body: 'MY-MESSAGE-111' });
    await other.post(`/api/v1/tickets/${theirs.id}/messages`, { body: 'THEIR-MESSAGE-222' });
    for (const [agent, ticket, marker] of [
      [me, mine, 'MY-DOCUMENT-333'],
      [other, theirs, 'THEIR-DOCUMENT-444'],
    ] as const) {
      const up = await agent.request({
        method: 'POST',
        url: '/api/v1/documents',
        ...multipart({ document_type: typeRow!.id, ticket_id: ticket.id }, [
          { name: `${marker}.pdf`, data: pdf(marker) },
        ]),
      });
      expect(up.statusCode).toBe(201);
    }
    const res = await me.get('/api/v1/profile/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tax-portal-data-/);
    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['profile.json', 'tickets.json', 'messages.json', 'invoices.json', 'documents.json']),
    );
    expect(JSON.parse(files.get('profile.json')!.toString()).email).toBe(c.email);
    expect(JSON.parse(files.get('tickets.json')!.toString()).map((x: { id: string }) => x.id)).toEqual([mine.id]);
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(all).toContain('MY-MESSAGE-111');
    expect(all).toContain('MY-DOCUMENT-333'); // the PDF, decrypted
    for (const foreign of ['THEIR-MESSAGE-222', 'THEIR-DOCUMENT-444', theirs.id, o.email, 'Someone Else']) {
      expect(all).not.toContain(foreign);
    }
    const audited = await firstRow(
      t.database.db,
      rowSchema({ n: col.int() }),
      sql`select count(*)::int as n from audit_log where action = 'profile.exported' and actor_id = ${c.id}`,
    );
    expect(audited!.n).toBe(1);
  });

  it('a closed account cannot sign in; its sessions and tokens end; its records stay', async () => {
    const c = await createCustomer(t);
    const me = await signIn(t, c.email);
    const elsewhere = await signIn(t, c.email);
    const ticket = await openTicket(t, me);
    const { key, secret } = (await me.post('/api/v1/auth/tokens', { name: 'sync' })).json();
    const authorization = `token ${key}:${secret}`;
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization } })).statusCode).toBe(200);
    expect((await me.post('/api/v1/profile/close', { password: 'wrong-password' })).statusCode).toBe(422);
    const res = await me.post('/api/v1/profile/close', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await me.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization } })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: c.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    expect((await admin.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(200);
  });

  it('staff cannot close their own account (an Admin deactivates it)', async () => {
    const s = await createStaff(t, 'Tax Preparer');
    const me = await signIn(t, s.email);
    expect((await me.post('/api/v1/profile/close', { password: PASSWORD })).statusCode).toBe(403);
    expect((await me.get('/api/v1/auth/session')).statusCode).toBe(200);
  });
});
