import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MESSAGES, type Household } from '@taxportal/contract';
import { auditLog, householdInvitations, householdMembers, notifications, users } from '../platform/db/schema.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

/**
 * A customer invites their spouse (docs/decisions/0032): the same answer whatever the e-mail is, a new e-mail's
 * account set up by a mailed link, nothing linked until the invitee accepts signed in as themselves; invitations
 * expire, are revoked, used once; either member leaves, the joint returns filed so far staying shared.
 */
let t: TestApp;
let smtp: SmtpCapture;
const HOUSEHOLD = '/api/v1/household';
const INVITE = '/api/v1/household/invitations';
const JOIN = '/api/v1/household/join';
const JOIN_CHECK = '/api/v1/household/join/check';
const PASSWORD = 'a-new-password-1234';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function customer(name = 'Casey Taxpayer') {
  const c = await createCustomer(t, { full_name: name });
  return { ...c, agent: await signIn(t, c.email) };
}
const view = async (agent: Agent) => (await agent.get(HOUSEHOLD)).json() as Household;
async function invite(agent: Agent, email: string, full_name = 'Sam Spouse') {
  const res = await agent.post(INVITE, { full_name, email });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as Household;
}
const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)![1]!;
const membership = async (userId: string) =>
  (await t.database.db.select().from(householdMembers).where(eq(householdMembers.user_id, userId)))[0] ?? null;

/** A household of two made through the API: `a` invites `b`, who accepts. */
async function household() {
  const a = await customer('Alex Primary');
  const b = await customer('Blair Spouse');
  const sent = await invite(a.agent, b.email, b.full_name);
  const accepted = await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { a, b };
}

describe('inviting a spouse', () => {
  it('answers the same for a customer, a new e-mail and a staff account, and records no address', async () => {
    const inviter = await customer();
    const existing = await customer('Erin Existing');
    const staff = await createStaff(t, 'Tax Preparer');
    const shapes: unknown[] = [];
    for (const email of [existing.email, uniqueEmail('new-spouse'), staff.email]) {
      const answer = await invite(inviter.agent, email, 'Sam Spouse');
      expect(answer.sent).toHaveLength(1);
      // One invitation at a time: each new one ends the one before.
      shapes.push({ ...answer.sent[0], id: 'x', email: 'x', created_at: 'x', expires_at: 'x' });
      expect(Object.keys(answer.sent[0]!).sort()).toEqual(['created_at', 'email', 'expires_at', 'full_name', 'id']);
      expect(answer.members).toEqual([]);
    }
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'household.invited'));
    expect(JSON.stringify(entries)).not.toContain(existing.email);
    // The staff address got no mail and can never accept (no invitee).
    expect(smtp.mails.some((m) => m.to.includes(staff.email))).toBe(false);
    const rows = await t.database.db
      .select()
      .from(householdInvitations)
      .where(eq(householdInvitations.inviter_id, inviter.id));
    expect(rows.filter((r) => r.state === 'pending')).toHaveLength(1);
    expect(rows.filter((r) => r.state === 'revoked')).toHaveLength(2);
  });

  it('makes no account for a new e-mail until its person follows the link, chooses a password and joins', async () => {
    const a = await customer('Alex Primary');
    const email = uniqueEmail('brand-new');
    await invite(a.agent, email, 'Nova Spouse');
    // Nothing holds the address meanwhile (a staff invitation to it, or a registration, still works).
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const mail = await smtp.waitFor(email, /join-household\?token=/);
    expect(mail.subject).toContain('Alex Primary');
    const token = tokenIn(mail.text);
    const anon = new Agent(t.app);
    const preview = await anon.post(JOIN_CHECK, { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ from_name: 'Alex Primary', full_name: 'Nova Spouse', email });
    // Hostile and bad input changes nothing: a short password, a forged token, a name of control characters.
    expect((await anon.post(JOIN, { token, full_name: 'Nova', password: 'short' })).statusCode).toBe(422);
    expect((await anon.post(JOIN, { token: `${token}x`, full_name: 'Nova', password: PASSWORD })).statusCode).toBe(400);
    expect((await anon.post(JOIN, { token, full_name: '\u202e\u0007', password: PASSWORD })).statusCode).toBe(422);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const joined = await anon.post(JOIN, { token, full_name: 'Nova $& Spouse', password: PASSWORD });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user).toMatchObject({ email, full_name: 'Nova $& Spouse' });
    // Signed in by the answer: the household is theirs at once.
    expect((await view(anon)).members.map((m) => [m.full_name, m.role])).toEqual([
      ['Alex Primary', 'primary'],
      ['Nova $& Spouse', 'spouse'],
    ]);
    expect((await view(a.agent)).members).toHaveLength(2);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, a.id));
    expect(told.map((n) => [n.kind, n.title])).toContainEqual(['household', 'Nova $& Spouse joined your household']);
    // Single use: the link is spent, and the password works for a normal sign-in.
    const again = await new Agent(t.app).post(JOIN, { token, full_name: 'Nova', password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(HOUSEHOLD_MESSAGES.joinLinkInvalid);
    expect((await new Agent(t.app).post(JOIN_CHECK, { token })).statusCode).toBe(400);
    await signIn(t, email, PASSWORD);
  });

  it('a join link whose e-mail has an account by now makes nothing: the invitation goes to that account', async () => {
    const a = await customer('Alex Primary');
    const email = uniqueEmail('registered-meanwhile');
    await invite(a.agent, email, 'Reggie Spouse');
    const token = tokenIn((await smtp.waitFor(email, /join-household\?token=/)).text);
    const b = await createCustomer(t, { email, full_name: 'Reggie Registered' });
    // The link says so on arrival, before anything is typed.
    const checked = await new Agent(t.app).post(JOIN_CHECK, { token });
    expect(checked.statusCode).toBe(409);
    expect(checked.json().detail).toBe(HOUSEHOLD_MESSAGES.joinHasAccount);
    const res = await new Agent(t.app).post(JOIN, { token, full_name: 'Someone Else', password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(HOUSEHOLD_MESSAGES.joinHasAccount);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ id: b.id, full_name: 'Reggie Registered' });
    // They accept it signed in as themselves.
    const agent = await signIn(t, email);
    const received = (await view(agent)).received;
    expect(received.map((r) => r.from.full_name)).toEqual(['Alex Primary']);
    expect((await agent.post(`${INVITE}/${received[0]!.id}/accept`)).statusCode).toBe(200);
    // A staff account's e-mail: the link ends, nothing is made or joined.
    const staffEmail = uniqueEmail('staff-meanwhile');
    const c = await customer();
    await invite(c.agent, staffEmail);
    const staffToken = tokenIn((await smtp.waitFor(staffEmail, /join-household\?token=/)).text);
    await createStaff(t, 'Tax Preparer', { email: staffEmail });
    expect((await new Agent(t.app).post(JOIN_CHECK, { token: staffToken })).statusCode).toBe(400);
    const refused = await new Agent(t.app).post(JOIN, { token: staffToken, full_name: 'X', password: PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect((await view(c.agent)).members).toEqual([]);
  });

  it('someone who registers instead of following the link finds the invitation on their Household tab', async () => {
    const a = await customer('Alex Primary');
    const email = uniqueEmail('registered-instead');
    await invite(a.agent, email, 'Rita Spouse');
    const token = tokenIn((await smtp.waitFor(email, /join-household\?token=/)).text);
    await createCustomer(t, { email, full_name: 'Rita Registered' });
    const rita = await signIn(t, email);
    const received = (await view(rita)).received;
    expect(received.map((r) => r.from.full_name)).toEqual(['Alex Primary']);
    // The link is theirs no more (the invitation is answered signed in).
    expect((await new Agent(t.app).post(JOIN_CHECK, { token })).statusCode).toBe(400);
    expect((await rita.post(`${INVITE}/${received[0]!.id}/accept`)).statusCode).toBe(200);
    expect((await view(a.agent)).members.map((m) => m.full_name)).toEqual(['Alex Primary', 'Rita Registered']);
  });

  it('a staff invitation to the address is not used up when the person joined a household as a customer first', async () => {
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const email = uniqueEmail('zed');
    expect((await admin.post('/api/v1/admin/staff/invitations', { email, roles: ['Reviewer'] })).statusCode).toBe(201);
    const staffToken = tokenIn((await smtp.waitFor(email, /accept-invitation\?token=/)).text);
    const a = await customer();
    await invite(a.agent, email, 'Zed Spouse');
    const token = tokenIn((await smtp.waitFor(email, /join-household\?token=/)).text);
    expect((await new Agent(t.app).post(JOIN, { token, full_name: 'Zed', password: PASSWORD })).statusCode).toBe(200);
    const accept = await new Agent(t.app).post('/api/v1/auth/invitations/accept', {
      token: staffToken,
      full_name: 'Zed',
      password: PASSWORD,
    });
    expect(accept.statusCode).toBe(409);
    // Still pending: the Admin sees it (and may withdraw it); the link still reads as valid.
    expect((await new Agent(t.app).post('/api/v1/auth/invitations/check', { token: staffToken })).statusCode).toBe(200);
  });

  it('mails and tells nothing to a customer already in a household (they could not accept), and answers the same', async () => {
    const { b } = await household();
    const c = await customer('Cory Inviter');
    const before = smtp.mails.filter((m) => m.to.includes(b.email)).length;
    const sent = await invite(c.agent, b.email, 'Blair Spouse');
    expect(sent.sent).toHaveLength(1);
    expect((await view(b.agent)).received).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes(b.email)).length).toBe(before);
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.user_id, b.id));
    expect(bell.some((n) => n.title.includes('Cory Inviter'))).toBe(false);
  });

  it('two joins from one link at once: one account, one household', async () => {
    const a = await customer('Alex Primary');
    const email = uniqueEmail('double-join');
    await invite(a.agent, email);
    const token = tokenIn((await smtp.waitFor(email, /join-household\?token=/)).text);
    const answers = await Promise.all(
      [1, 2].map(() => new Agent(t.app).post(JOIN, { token, full_name: 'Double Tap', password: PASSWORD })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await view(a.agent)).members).toHaveLength(2);
  });

  it('mails and notifies an existing customer, and links nothing until they accept', async () => {
    const a = await customer('Alex Primary');
    const b = await customer('Blair Existing');
    const sent = await invite(a.agent, b.email, 'Blair Existing');
    const mail = await smtp.waitFor(b.email, /my-profile\/household/);
    expect(mail.text).not.toMatch(/token=/);
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.user_id, b.id));
    expect(bell.map((n) => n.title)).toEqual(['Alex Primary invites you to their household']);
    expect(await membership(a.id)).toBeNull();
    expect(await membership(b.id)).toBeNull();
    // Nobody else may answer it: 404, as an invitation that does not exist.
    const stranger = await customer();
    for (const path of ['accept', 'decline'])
      expect((await stranger.agent.post(`${INVITE}/${sent.sent[0]!.id}/${path}`)).statusCode).toBe(404);
    expect((await a.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`)).statusCode).toBe(404);
    expect((await b.agent.delete(`${INVITE}/${sent.sent[0]!.id}`)).statusCode).toBe(404);
    expect((await stranger.agent.delete(`${INVITE}/${sent.sent[0]!.id}`)).statusCode).toBe(404);
    expect((await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`)).statusCode).toBe(200);
    expect((await membership(a.id))?.role).toBe('primary');
    expect((await membership(b.id))?.role).toBe('spouse');
  });

  it('uses an invitation once, and refuses one past its expiry', async () => {
    const { a, b } = await household();
    const [used] = await t.database.db
      .select()
      .from(householdInvitations)
      .where(eq(householdInvitations.inviter_id, a.id));
    // Accepting again while in that household (a double tap, a second tab): the same answer, nothing new.
    const again = await b.agent.post(`${INVITE}/${used!.id}/accept`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Household).members).toHaveLength(2);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'household.joined' and ${auditLog.actor_id} = ${b.id}`),
    ).toHaveLength(1);
    // Once the household has ended, the used invitation cannot make it again.
    expect((await b.agent.post(`${HOUSEHOLD}/leave`)).statusCode).toBe(200);
    const spent = await b.agent.post(`${INVITE}/${used!.id}/accept`);
    expect(spent.statusCode).toBe(409);
    expect(spent.json().detail).toBe(HOUSEHOLD_MESSAGES.invitationEnded);

    const c = await customer();
    const d = await customer();
    const sent = await invite(c.agent, d.email);
    await t.database.db
      .update(householdInvitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(householdInvitations.id, sent.sent[0]!.id));
    expect((await view(d.agent)).received).toEqual([]);
    expect((await view(c.agent)).sent).toEqual([]);
    const late = await d.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(await membership(d.id)).toBeNull();
  });

  it('is revoked by its sender: it can no longer be accepted, and a join link ends with it', async () => {
    const a = await customer();
    const b = await customer();
    const sent = await invite(a.agent, b.email);
    expect((await a.agent.delete(`${INVITE}/${sent.sent[0]!.id}`)).statusCode).toBe(204);
    expect((await view(a.agent)).sent).toEqual([]);
    expect((await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`)).statusCode).toBe(409);

    const email = uniqueEmail('revoked');
    const fresh = await invite(a.agent, email);
    const token = tokenIn((await smtp.waitFor(email, /token=/)).text);
    expect((await a.agent.delete(`${INVITE}/${fresh.sent[0]!.id}`)).statusCode).toBe(204);
    const set = await new Agent(t.app).post(JOIN, { token, full_name: 'Late Joiner', password: PASSWORD });
    expect(set.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('sends at most 10 invitations a day, and says so (429, in the caller’s language)', async () => {
    const a = await customer();
    for (let i = 0; i < 10; i++) await invite(a.agent, uniqueEmail(`daily-${i}`));
    const eleventh = await a.agent.post(INVITE, { full_name: 'One Too Many', email: uniqueEmail('daily-11') });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().detail).toBe('You can send 10 invitations a day. Please try again tomorrow.');
    const spanish = await a.agent.post(
      INVITE,
      { full_name: 'Uno Más', email: uniqueEmail('daily-12') },
      { headers: { 'accept-language': 'es' } },
    );
    expect(spanish.json().detail).toBe('Puede enviar 10 invitaciones al día. Vuelva a intentarlo mañana.');
  });

  it('reads a declined invitation as pending to its sender (the decline tells nothing of the address)', async () => {
    const a = await customer();
    const b = await customer();
    const sent = await invite(a.agent, b.email);
    const declined = await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect((declined.json() as Household).received).toEqual([]);
    expect((await view(a.agent)).sent.map((s) => s.id)).toEqual([sent.sent[0]!.id]);
    expect((await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`)).statusCode).toBe(409);
  });

  it('refuses the caller’s own e-mail, a caller in a household, an invitee in another household', async () => {
    const { a, b } = await household();
    const own = await a.agent.post(INVITE, { full_name: 'Me', email: a.email.toUpperCase() });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors[0]).toMatchObject({ field: 'email', message: HOUSEHOLD_MESSAGES.ownEmail });
    const full = await a.agent.post(INVITE, { full_name: 'Other', email: uniqueEmail() });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(HOUSEHOLD_MESSAGES.householdFull);
    const c = await customer();
    const sent = await invite(c.agent, b.email);
    // An invitee in a household is not its invitee at all (nothing was sent to them): 404, as for anyone else.
    const taken = await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`);
    expect(taken.statusCode).toBe(404);
    // Hostile text is refused by the contract's text rule, as anywhere: 422, nothing made.
    const bidi = await c.agent.post(INVITE, { full_name: 'Eve\u202Egnp.exe', email: uniqueEmail() });
    expect(bidi.statusCode).toBe(422);
    const staff = await signIn(t, (await createStaff(t, 'Admin')).email);
    expect((await staff.get(HOUSEHOLD)).statusCode).toBe(403);
  });
});

describe('leaving', () => {
  it('ends the household for both; joint returns filed so far stay shared, new ones cannot be joint', async () => {
    const { a, b } = await household();
    const joint = await openTicket(t, a.agent, { joint: true });
    expect(joint.spouse).toEqual({ id: b.id, full_name: b.full_name });
    const left = await b.agent.post('/api/v1/household/leave');
    expect(left.statusCode, left.body).toBe(200);
    expect((left.json() as Household).members).toEqual([]);
    expect((await view(a.agent)).members).toEqual([]);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, a.id));
    expect(told.map((n) => n.title)).toContain('Blair Spouse left your household');
    expect((await b.agent.get(`/api/v1/tickets/${joint.id}`)).statusCode).toBe(200);
    const again = await a.agent.post('/api/v1/tickets', {
      service_id: (joint.service as { id: string }).id,
      year: 2023,
      joint: true,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({ field: 'joint', message: HOUSEHOLD_MESSAGES.noSpouse });
    const none = await a.agent.post('/api/v1/household/leave');
    expect(none.statusCode).toBe(409);
    // A new household may be made afterwards.
    const sent = await invite(a.agent, b.email);
    expect((await b.agent.post(`${INVITE}/${sent.sent[0]!.id}/accept`)).statusCode).toBe(200);
  });
});
