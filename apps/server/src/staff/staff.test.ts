import { sql } from 'drizzle-orm';
import { col, firstRow, rows, rowSchema } from '../platform/db/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createStaff,
  PASSWORD,
  signIn,
  uniqueEmail,
  Agent,
  type TestApp,
  createTestApp,
} from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let smtp: SmtpCapture;
let admin: Agent;
let adminId: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const a = await createStaff(t, 'Admin');
  adminId = a.id;
  admin = await signIn(t, a.email);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const patch = (agent: Agent, id: string, payload: unknown) =>
  agent.request({ method: 'PATCH', url: `/api/v1/admin/staff/${id}`, payload: payload as object });

async function invite(email: string, roles = ['Tax Preparer']) {
  const res = await admin.post('/api/v1/admin/staff/invitations', { email, roles });
  expect(res.statusCode).toBe(201);
  return /token=([\w-]+)/.exec((await smtp.waitFor(email, /accept-invitation\?token=/)).text)![1]!;
}

/** The token of the newest invitation mail to `email` other than `old`'s (the mail of a resend). */
async function newerToken(email: string, old: string) {
  const mail = await smtp.waitFor(email, new RegExp(`accept-invitation\\?token=(?!${old}\\b)`));
  return /token=([\w-]+)/.exec(mail.text)![1]!;
}

const accept = (token: string) =>
  new Agent(t.app).post('/api/v1/auth/invitations/accept', {
    token,
    full_name: 'Invited Person',
    password: 'a-good-password-1',
  });

async function pendingInvitation(email: string) {
  const list = (await admin.get('/api/v1/admin/staff')).json();
  return list.invitations.find((i: { email: string }) => i.email === email) as
    { id: string; email: string; roles: string[]; created_at: string; expires_at: string } | undefined;
}

const check = (token: string) => new Agent(t.app).post('/api/v1/auth/invitations/check', { token });

/** As if everything of the invitation (its sending, its resends) had happened `minutes` earlier. */
async function sentMinutesAgo(id: string, minutes: number) {
  await t.database.db.execute(
    sql`update staff_invitations set created_at = created_at - make_interval(mins => ${minutes}),
          expires_at = expires_at - make_interval(mins => ${minutes}) where id = ${id}`,
  );
}

const audited = async (action: string, id: string) =>
  (await firstRow(
    t.database.db,
    rowSchema({ n: col.int() }),
    sql`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${id}`,
  ))!.n;

describe('pending invitations: revoke and resend (Admin)', () => {
  it('a revoked invitation leaves the list and its link is refused at once, saying so; audited', async () => {
    const email = uniqueEmail('revoked');
    const token = await invite(email);
    const pending = (await pendingInvitation(email))!;
    expect((await check(token)).statusCode).toBe(200);
    const res = await admin.delete(`/api/v1/admin/staff/invitations/${pending.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await pendingInvitation(email)).toBeUndefined();
    // The link says so on arrival, before a name and password are typed.
    const checked = await check(token);
    expect(checked.statusCode).toBe(400);
    expect(checked.json().detail).toMatch(/^This invitation was withdrawn\./);
    const refused = await accept(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe(
      'This invitation was withdrawn. Use the link in the newest invitation e-mail, or ask an Admin to invite you again.',
    );
    expect(await audited('staff.invitation_revoked', pending.id)).toBe(1);
    // Gone: neither revoked again nor resent.
    expect((await admin.delete(`/api/v1/admin/staff/invitations/${pending.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/v1/admin/staff/invitations/${pending.id}/resend`)).statusCode).toBe(404);
  });

  it('a resend mails a new link the same way, the old link dies, the 7 days start again; the new link works', async () => {
    const email = uniqueEmail('resent');
    const old = await invite(email, ['Reviewer']);
    const saved = await admin.put('/api/v1/admin/site/settings', {
      data: { ...(await admin.get('/api/v1/site')).json().settings, firm_name: 'Harbor Tax $& Accounting' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
    // Mailed two days ago: the resend must restart the expiry from now.
    await sentMinutesAgo((await pendingInvitation(email))!.id, 2 * 24 * 60);
    const before = (await pendingInvitation(email))!;
    const started = Date.now();
    const res = await admin.post(`/api/v1/admin/staff/invitations/${before.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json();
    expect(renewed).toMatchObject({ id: before.id, email, roles: ['Reviewer'], created_at: before.created_at });
    const expiry = Date.parse(renewed.expires_at);
    expect(expiry).toBeGreaterThanOrEqual(started + 7 * 24 * 3600_000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3600_000 + 1000);
    expect((await pendingInvitation(email))!.expires_at).toBe(renewed.expires_at);

    const token = await newerToken(email, old);
    expect(token).not.toBe(old);
    const mail = await smtp.waitFor(email, new RegExp(`token=${token}`));
    expect(mail.subject).toBe('You are invited to the Harbor Tax $& Accounting staff');
    expect(mail.text).toContain('join Harbor Tax $& Accounting as Reviewer');
    // The replaced link is refused on arrival; the new one says what it is for.
    expect((await check(old)).json().detail).toBe('This invitation is invalid or has expired.');
    expect((await check(token)).json()).toMatchObject({
      email,
      roles: ['Reviewer'],
      firm_name: 'Harbor Tax $& Accounting',
      expires_at: renewed.expires_at,
    });
    // The new token stays out of the outbox, as the first one does.
    const stored = await rows(
      t.database.db,
      rowSchema({ text: col.text() }),
      sql`select text from outbox where "to" = ${email}`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await audited('staff.invitation_resent', before.id)).toBe(1);

    const stale = await accept(old);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toBe('This invitation is invalid or has expired.');
    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email }, roles: ['Reviewer'] });
    // Accepted: no longer resent or revoked.
    expect((await admin.post(`/api/v1/admin/staff/invitations/${before.id}/resend`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v1/admin/staff/invitations/${before.id}`)).statusCode).toBe(404);
  });

  it('a resend may follow the invitation at once, the next one a minute later (429 with Retry-After before); not once the address has an account', async () => {
    const email = uniqueEmail('eager');
    const first = await invite(email);
    const { id } = (await pendingInvitation(email))!;
    expect((await admin.post(`/api/v1/admin/staff/invitations/${id}/resend`)).statusCode).toBe(200);
    const second = await newerToken(email, first);
    const soon = await admin.post(`/api/v1/admin/staff/invitations/${id}/resend`);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['content-type']).toContain('application/problem+json');
    expect(soon.json().detail).toBe(
      'This invitation was sent less than a minute ago. Please wait before sending it again.',
    );
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await audited('staff.invitation_resent', id)).toBe(1);
    // Once the minute is over another goes: the link before it dies, the newest works.
    await sentMinutesAgo(id, 2);
    expect((await admin.post(`/api/v1/admin/staff/invitations/${id}/resend`)).statusCode).toBe(200);
    expect((await accept(second)).statusCode).toBe(400);
    expect((await accept(await newerToken(email, second))).statusCode).toBe(200);

    const taken = uniqueEmail('taken');
    await invite(taken);
    const invitation = (await pendingInvitation(taken))!;
    await createCustomer(t, { email: taken });
    expect((await admin.post(`/api/v1/admin/staff/invitations/${invitation.id}/resend`)).statusCode).toBe(409);
  });

  it('refuses customers and every other staff role (403), and unknown ids (404)', async () => {
    const email = uniqueEmail('guarded');
    const token = await invite(email);
    const { id } = (await pendingInvitation(email))!;
    const others = [
      await signIn(t, (await createCustomer(t)).email),
      await signIn(t, (await createStaff(t, 'Customer Care Department')).email),
      await signIn(t, (await createStaff(t, 'Tax Preparer')).email),
      await signIn(t, (await createStaff(t, 'Reviewer')).email),
    ];
    for (const who of others) {
      expect((await who.delete(`/api/v1/admin/staff/invitations/${id}`)).statusCode).toBe(403);
      expect((await who.post(`/api/v1/admin/staff/invitations/${id}/resend`)).statusCode).toBe(403);
    }
    const anon = new Agent(t.app);
    expect((await anon.delete(`/api/v1/admin/staff/invitations/${id}`)).statusCode).toBe(401);
    expect((await anon.post(`/api/v1/admin/staff/invitations/${id}/resend`)).statusCode).toBe(401);
    const unknown = await admin.delete('/api/v1/admin/staff/invitations/no-such-invitation');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No pending invitation has this id.');
    expect((await admin.post('/api/v1/admin/staff/invitations/no-such-invitation/resend')).statusCode).toBe(404);
    // Nothing the refused callers sent touched it: still pending, and the first link still works.
    expect(await audited('staff.invitation_revoked', id)).toBe(0);
    expect(await audited('staff.invitation_resent', id)).toBe(0);
    expect((await accept(token)).statusCode).toBe(200);
  });
});

describe('staff management', () => {
  it('refuses everyone but an Admin', async () => {
    const customer = await signIn(t, (await createCustomer(t)).email);
    const care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
    const target = await createStaff(t, 'Reviewer');
    for (const who of [customer, care]) {
      expect((await who.get('/api/v1/admin/staff')).statusCode).toBe(403);
      expect((await patch(who, target.id, { active: false })).statusCode).toBe(403);
      const inv = await who.post('/api/v1/admin/staff/invitations', { email: uniqueEmail(), roles: ['Admin'] });
      expect(inv.statusCode).toBe(403);
    }
    expect((await new Agent(t.app).get('/api/v1/admin/staff')).statusCode).toBe(401);
  });

  it('lists staff with roles and state, not customers', async () => {
    const s = await createStaff(t, 'Reviewer');
    const c = await createCustomer(t);
    const list = (await admin.get('/api/v1/admin/staff?limit=100')).json();
    const ids = list.items.map((m: { id: string }) => m.id);
    expect(ids).toContain(s.id);
    expect(ids).not.toContain(c.id);
    expect(list.items.find((m: { id: string }) => m.id === s.id)).toMatchObject({
      roles: ['Reviewer'],
      state: 'active',
    });
  });

  it('pages the list by name with a cursor, searches every word of the name or e-mail, and filters by role', async () => {
    const tag = `Qz${Math.random().toString(36).slice(2, 8)}`;
    const TREES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm'];
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createStaff(t, i % 2 ? 'Tax Preparer' : 'Reviewer', { full_name: `${tag} ${TREES[i]}`, factor: false }),
      );
    }
    type Page = {
      items: { id: string; full_name: string; roles: string[] }[];
      next_cursor: string | null;
      total: number;
    };
    const get = async (query: string): Promise<Page> => {
      const res = await admin.get(`/api/v1/admin/staff?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await get(`q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(5);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.full_name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made.map((m) => m.full_name));
    // Every word, any case, name or e-mail.
    const one = await get(`q=${encodeURIComponent(`${tag.toLowerCase()} DOGWOOD`)}`);
    expect(one.items.map((m) => m.id)).toEqual([made[3]!.id]);
    expect((await get(`q=${encodeURIComponent(made[2]!.email)}`)).items.map((m) => m.id)).toEqual([made[2]!.id]);
    const reviewers = await get(`q=${tag}&role=Reviewer`);
    expect(reviewers.total).toBe(3);
    expect(reviewers.items.every((m) => m.roles.includes('Reviewer'))).toBe(true);
    // LIKE's own characters are text, not patterns.
    expect((await get(`q=${encodeURIComponent(`${tag}%`)}`)).total).toBe(0);
    const bad = await admin.get('/api/v1/admin/staff?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(422);
    // A forged key holding NUL (PostgreSQL text cannot) is refused like any other, never a failed query.
    const nul = Buffer.from(JSON.stringify({ name: 'a\u0000', id: 'x' })).toString('base64url');
    expect((await admin.get(`/api/v1/admin/staff?cursor=${nul}`)).statusCode).toBe(422);
    expect((await admin.get('/api/v1/admin/staff?role=Customer')).statusCode).toBe(422);
  });

  it('an invitation is accepted once, signs the person in with the invited roles; the token stays out of the outbox', async () => {
    const email = uniqueEmail('newstaff');
    const token = await invite(email, ['Tax Preparer', 'Reviewer']);
    const stored = await rows(
      t.database.db,
      rowSchema({ text: col.text() }),
      sql`select text from outbox where "to" = ${email}`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(
      (await admin.get('/api/v1/admin/staff')).json().invitations.map((i: { email: string }) => i.email),
    ).toContain(email);
    const person = new Agent(t.app);
    const preview = await check(token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().email).toBe(email);
    expect(preview.json().roles.sort()).toEqual(['Reviewer', 'Tax Preparer']);
    const res = await person.post('/api/v1/auth/invitations/accept', {
      token,
      full_name: 'Nina New',
      password: 'a-good-password-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email, full_name: 'Nina New' } });
    expect(res.json().roles.sort()).toEqual(['Reviewer', 'Tax Preparer']);
    expect((await person.get('/api/v1/auth/session')).statusCode).toBe(200);
    const again = await new Agent(t.app).post('/api/v1/auth/invitations/accept', {
      token,
      full_name: 'Someone',
      password: 'another-password-2',
    });
    expect(again.statusCode).toBe(400);
    expect((await check(token)).statusCode).toBe(400);
    for (const hostile of ['', 'x'.repeat(129), 'tok en', '$&\u202e'])
      expect([400, 422], hostile).toContain((await check(hostile)).statusCode);
    await signIn(t, email, 'a-good-password-1');
  });

  it("writes the invitation in the inviting Admin's language (the invited person has none yet)", async () => {
    const spanishAdmin = await signIn(t, (await createStaff(t, 'Admin', { full_name: 'Ana Admin' })).email);
    spanishAdmin.cookies.set('tp_lang', 'es');
    const email = uniqueEmail('invitado');
    const res = await spanishAdmin.post('/api/v1/admin/staff/invitations', {
      email,
      roles: ['Tax Preparer', 'Customer Care Department'],
    });
    expect(res.statusCode, res.body).toBe(201);
    await smtp.waitFor(email, /accept-invitation\?token=/);
    // As sent (the outbox keeps it, the link redacted): the test SMTP server does not join a long subject's words.
    const outboxOf = async (to: string) =>
      (
        await rows(
          t.database.db,
          rowSchema({ subject: col.text(), text: col.text() }),
          sql`select subject, text from outbox where "to" = ${to}`,
        )
      )[0]!;
    const mail = await outboxOf(email);
    expect(mail.subject).toMatch(/^Invitación para unirse al personal de .+$/);
    expect(mail.text).toMatch(
      /^Hola:\n\nAna Admin le invitó a unirse a .+ como Preparador de impuestos, Atención al Cliente\.$/m,
    );
    expect(mail.text).toContain('Abra este enlace en los próximos 7 días para elegir su nombre y su contraseña:');
    expect(mail.text).toContain('Si no esperaba esta invitación, ignore este mensaje.');
    // The same Admin in English: the English mail, word for word.
    spanishAdmin.cookies.set('tp_lang', 'en');
    const other = uniqueEmail('invited');
    expect(
      (await spanishAdmin.post('/api/v1/admin/staff/invitations', { email: other, roles: ['Reviewer'] })).statusCode,
    ).toBe(201);
    await smtp.waitFor(other, /accept-invitation\?token=/);
    const english = await outboxOf(other);
    expect(english.subject).toMatch(/^You are invited to the .+ staff$/);
    expect(english.text).toMatch(
      /^Hello,\n\nAna Admin invited you to join .+ as Reviewer\.\nOpen this link within 7 days/,
    );
  });

  it('an expired invitation does nothing; an address with an account cannot be invited', async () => {
    const email = uniqueEmail('late');
    const token = await invite(email);
    await t.database.db.execute(
      sql`update staff_invitations set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    const res = await new Agent(t.app).post('/api/v1/auth/invitations/accept', {
      token,
      full_name: 'Late Person',
      password: 'a-good-password-1',
    });
    expect(res.statusCode).toBe(400);
    expect((await check(token)).json().detail).toBe('This invitation is invalid or has expired.');
    const existing = await createCustomer(t);
    const dup = await admin.post('/api/v1/admin/staff/invitations', { email: existing.email, roles: ['Reviewer'] });
    expect(dup.statusCode).toBe(409);
  });

  it('role changes reach the member’s session at once (role_list follows)', async () => {
    const s = await createStaff(t, 'Tax Preparer');
    const member = await signIn(t, s.email);
    expect((await member.get('/api/v1/auth/session')).json().roles).toEqual(['Tax Preparer']);
    const res = await patch(admin, s.id, { roles: ['Reviewer', 'Customer Care Department'] });
    expect(res.statusCode).toBe(200);
    const session = (await member.get('/api/v1/auth/session')).json();
    expect(session.roles.sort()).toEqual(['Customer Care Department', 'Reviewer']);
    expect(session.login_role).toBe('Reviewer');
    expect((await patch(admin, s.id, { roles: ['Customer'] })).statusCode).toBe(422);
    expect((await patch(admin, s.id, { roles: [] })).statusCode).toBe(422);
  });

  it('deactivation ends sessions and tokens at once, refuses sign-in, and lists open tickets', async () => {
    const s = await createStaff(t, 'Tax Preparer');
    const member = await signIn(t, s.email);
    const { key, secret } = (await member.post('/api/v1/auth/tokens', { name: 'sync' })).json();
    const authorization = `token ${key}:${secret}`;
    const customer = await signIn(t, (await createCustomer(t)).email);
    const ticket = await openTicket(t, customer);
    expect((await admin.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: s.id })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization } })).statusCode).toBe(200);
    const res = await patch(admin, s.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().member.state).toBe('deactivated');
    expect(res.json().open_tickets.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
    expect((await member.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization } })).statusCode).toBe(401);
    const login = await new Agent(t.app).post('/api/v1/auth/login', { email: s.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    const audited = await firstRow(
      t.database.db,
      rowSchema({ n: col.int() }),
      sql`select count(*)::int as n from audit_log where action = 'staff.deactivated' and entity_id = ${s.id}`,
    );
    expect(audited!.n).toBe(1);
    // Reactivated: signs in again.
    expect((await patch(admin, s.id, { active: true })).json().member.state).toBe('active');
    await signIn(t, s.email);
  });

  it('nobody deactivates themselves, and the last active Admin cannot be removed', async () => {
    expect((await patch(admin, adminId, { active: false })).statusCode).toBe(409);
    // Make the other Admins of this file inactive, so `admin` is the last one.
    await t.database.db.execute(sql`
      insert into account_states (user_id, state)
      select user_id, 'deactivated' from user_roles where role = 'Admin' and user_id <> ${adminId}
      on conflict do nothing`);
    const res = await patch(admin, adminId, { roles: ['Reviewer'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('The portal needs at least one active Admin.');
    const second = await createStaff(t, 'Admin');
    const secondAgent = await signIn(t, second.email);
    expect((await patch(secondAgent, adminId, { roles: ['Reviewer'] })).statusCode).toBe(200);
    expect((await patch(secondAgent, second.id, { roles: ['Reviewer'] })).statusCode).toBe(409);
    expect((await admin.get('/api/v1/admin/staff')).statusCode).toBe(403);
  });
});
