import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralTree } from '@taxportal/contract';
import { auditLog, outbox, referralInvitations, referrals, users } from '../platform/db/schema.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  PASSWORD,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Registers through the API as the link does (`/register?ref=CODE` puts the code in the body). */
async function registerWith(full_name: string, referral_code?: string) {
  const agent = new Agent(t.app);
  const email = uniqueEmail('ref');
  const res = await agent.post('/api/v1/auth/register', {
    full_name,
    email,
    phone: '+12025550123',
    password: PASSWORD,
    ...(referral_code === undefined ? {} : { referral_code }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { agent, id: res.json().user.id as string, email, session: res.json() };
}

const codeOf = async (agent: Agent) => (await agent.get('/api/v1/referrals/dashboard')).json().code as string;
const referrerOf = async (id: string) =>
  (await t.database.db.select().from(referrals).where(eq(referrals.referred_id, id)))[0]?.referrer_id ?? null;
const names = (tree: ReferralTree) => tree.nodes.map((n) => n.name);

describe('referral codes and registration through the link', () => {
  it('gives every customer a random code, not their id, carried in the session', async () => {
    const a = await registerWith('Alma Arbor');
    const code = a.session.referral_code as string;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(a.id.toUpperCase()).not.toContain(code.slice(0, 4));
    expect((await a.agent.get('/api/v1/auth/session')).json().referral_code).toBe(code);
    const dash = (await a.agent.get('/api/v1/referrals/dashboard')).json();
    expect(dash).toMatchObject({
      code,
      link: `http://portal.test/register?ref=${code}`,
      counts: { invited: 0, registered: 0, paying: 0 },
      reward: null,
      referrals: [],
    });
    // Staff refer no one: no code in their session, no referral page.
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    expect((await admin.get('/api/v1/auth/session')).json().referral_code).toBeNull();
    expect((await admin.get('/api/v1/referrals/dashboard')).statusCode).toBe(403);
  });

  it('records who referred whom, once, from a code typed in any case with dashes', async () => {
    const a = await registerWith('Ada Lovelace');
    const code = await codeOf(a.agent);
    const b = await registerWith('Bea Rivers', ` ${code.slice(0, 5).toLowerCase()}-${code.slice(5)} `);
    expect(await referrerOf(b.id)).toBe(await a.id);
    expect(b.session.referral_code).not.toBe(code);
    const dash = (await a.agent.get('/api/v1/referrals/dashboard')).json();
    expect(dash.counts).toEqual({ invited: 0, registered: 1, paying: 0 });
    expect(dash.referrals).toEqual([{ id: b.id, name: 'Bea R.', joined_at: expect.any(String), paying: false }]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.recorded'));
    expect(entry).toBeDefined();
    // Once: the primary key refuses a second referrer; the check refuses a self-referral.
    await expect(t.database.db.insert(referrals).values({ referred_id: b.id, referrer_id: b.id })).rejects.toThrow();
    const c = await createCustomer(t);
    await expect(t.database.db.insert(referrals).values({ referred_id: c.id, referrer_id: c.id })).rejects.toThrow();
  });

  it('ignores an unknown, malformed or staff code with the same answer as no code', async () => {
    const staff = await createStaff(t, 'Tax Preparer');
    const [staffRow] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    for (const code of ['ZZZZZZZZZZ', 'not a code!', '', staffRow!.referral_code!]) {
      const r = await registerWith('Nobody Special', code);
      expect(Object.keys(r.session).sort()).toEqual(
        [
          'currency',
          'factor_setup_required',
          'language',
          'login_role',
          'referral_code',
          'roles',
          'site_editor',
          'statuses',
          'user',
        ].sort(),
      );
      expect(await referrerOf(r.id)).toBeNull();
    }
  });
});

describe('the referral tree', () => {
  // Ann → Ben → Dee; Eve → Fay (another branch).
  let ann: Awaited<ReturnType<typeof registerWith>>;
  let ben: Awaited<ReturnType<typeof registerWith>>;
  let dee: Awaited<ReturnType<typeof registerWith>>;
  let eve: Awaited<ReturnType<typeof registerWith>>;
  let fay: Awaited<ReturnType<typeof registerWith>>;
  let staff: Agent;
  beforeAll(async () => {
    ann = await registerWith('Ann Treetop');
    ben = await registerWith('Ben Branch', await codeOf(ann.agent));
    dee = await registerWith('Dee Leaf Young', await codeOf(ben.agent));
    eve = await registerWith('Eve Other');
    fay = await registerWith('Fay Farside', await codeOf(eve.agent));
    staff = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  });

  it('shows a customer their own branch, names shortened, no e-mails, not who referred them', async () => {
    const tree: ReferralTree = (await ann.agent.get('/api/v1/referrals/tree')).json();
    expect(tree.root_id).toBe(ann.id);
    expect(names(tree)).toEqual(['Ann Treetop', 'Ben B.', 'Dee Y.']);
    expect(tree.nodes.map((n) => n.parent_id)).toEqual([null, ann.id, ben.id]);
    expect(tree.nodes.every((n) => n.email === null)).toBe(true);
    expect(tree.nodes[0]!.referred_count).toBe(1);
    const mid: ReferralTree = (await ben.agent.get('/api/v1/referrals/tree')).json();
    expect(names(mid)).toEqual(['Ben Branch', 'Dee Y.']);
    expect(mid.nodes[0]!.parent_id).toBeNull();
    // A descendant as the root is fine.
    const sub = (await ann.agent.get(`/api/v1/referrals/tree?root=${ben.id}`)).json();
    expect(names(sub)).toEqual(['Ben B.', 'Dee Y.']);
  });

  it('answers 404 for another branch, the branch above, or an id that does not exist', async () => {
    for (const root of [eve.id, fay.id, 'no-such-person']) {
      const res = await ann.agent.get(`/api/v1/referrals/tree?root=${root}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Fay');
    }
    expect((await ben.agent.get(`/api/v1/referrals/tree?root=${ann.id}`)).statusCode).toBe(404);
    expect((await dee.agent.get(`/api/v1/referrals/tree?root=${ben.id}`)).statusCode).toBe(404);
    expect((await ann.agent.get('/api/v1/referrals/tree?q=Fay')).statusCode).toBe(403);
  });

  it('shows staff the whole tree with full names and e-mails, and searches it', async () => {
    const all: ReferralTree = (await staff.get('/api/v1/referrals/tree')).json();
    expect(all.root_id).toBeNull();
    const shown = names(all);
    for (const n of ['Ann Treetop', 'Ben Branch', 'Dee Leaf Young', 'Eve Other', 'Fay Farside'])
      expect(shown).toContain(n);
    expect(shown.indexOf('Ben Branch')).toBeGreaterThan(shown.indexOf('Ann Treetop'));
    expect(all.nodes.find((n) => n.id === fay.id)).toMatchObject({ parent_id: eve.id, email: fay.email });

    const found: ReferralTree = (await staff.get('/api/v1/referrals/tree?q=farside')).json();
    expect(found.nodes.map((n) => [n.name, n.match])).toEqual([
      ['Eve Other', false],
      ['Fay Farside', true],
    ]);
    const branch: ReferralTree = (await staff.get(`/api/v1/referrals/tree?root=${ben.id}`)).json();
    expect(names(branch)).toEqual(['Ben Branch', 'Dee Leaf Young']);
    expect((await staff.get('/api/v1/referrals/tree?root=nobody')).statusCode).toBe(404);
  });
});

describe('the reward rule (Admin)', () => {
  it('is off until Admin sets it; only Admin reads or changes it; bad amounts are refused', async () => {
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
    const customer = await registerWith('Carl Customer');
    expect((await admin.get('/api/v1/admin/referrals/settings')).json()).toMatchObject({ reward_cents: 0 });
    expect((await preparer.put('/api/v1/admin/referrals/settings', { reward_cents: 5 })).statusCode).toBe(403);
    expect((await customer.agent.put('/api/v1/admin/referrals/settings', { reward_cents: 5 })).statusCode).toBe(403);
    for (const bad of [-1, 1.5, '100', 100_000_001]) {
      expect((await admin.put('/api/v1/admin/referrals/settings', { reward_cents: bad })).statusCode).toBe(422);
    }
    const set = await admin.put('/api/v1/admin/referrals/settings', { reward_cents: 2500 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ reward_cents: 2500, currency: 'USD' });
    expect((await customer.agent.get('/api/v1/referrals/dashboard')).json().reward).toEqual({
      amount_cents: 2500,
      currency: 'USD',
    });
    await admin.put('/api/v1/admin/referrals/settings', { reward_cents: 0 });
    expect((await customer.agent.get('/api/v1/referrals/dashboard')).json().reward).toBeNull();
  });
});

describe('e-mail invitations', () => {
  it('mails the link once per address, the same answer for an existing account, counted as invited', async () => {
    const a = await registerWith('Ida Inviter');
    const friend = uniqueEmail('friend');
    const first = await a.agent.post('/api/v1/referrals/invitations', { email: friend });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: 'Invitation sent.' });
    const again = await a.agent.post('/api/v1/referrals/invitations', { email: friend.toUpperCase() });
    expect(again.json()).toEqual(first.json());
    const existing = await a.agent.post('/api/v1/referrals/invitations', { email: a.email });
    expect(existing.json()).toEqual(first.json());
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, friend));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/register?ref=${await codeOf(a.agent)}`);
    expect((await t.database.db.select().from(outbox).where(eq(outbox.to, a.email))).length).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(referralInvitations)
      .where(eq(referralInvitations.referrer_id, a.id));
    expect(row!.email_hash).not.toContain(friend);
    expect((await a.agent.get('/api/v1/referrals/dashboard')).json().counts.invited).toBe(1);
    expect((await a.agent.post('/api/v1/referrals/invitations', { email: 'not-an-email' })).statusCode).toBe(422);
  });

  it('stops at 20 a day', async () => {
    const a = await registerWith('Sam Spammer');
    for (let i = 0; i < 20; i++) {
      expect((await a.agent.post('/api/v1/referrals/invitations', { email: uniqueEmail('f') })).statusCode).toBe(202);
    }
    expect((await a.agent.post('/api/v1/referrals/invitations', { email: uniqueEmail('f') })).statusCode).toBe(429);
  });
});
