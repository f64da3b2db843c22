import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES, type Household, type SigningState } from '@taxportal/contract';
import { auditLog, signatures, signingRequests } from '../platform/db/schema.ts';
import {
  createCustomer,
  createStaff,
  createTestApp,
  signIn,
  totpCode,
  type Agent,
  type TestApp,
} from '../test/helper.ts';
import { pdfText } from '../test/pdf-text.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';

/**
 * A joint return whose spouse has their own account (docs/decisions/0032): each spouse signs their own part of
 * Form 8879 signed in as themselves, with their own factor (0021-a's rules); the taxpayer cannot sign the spouse's
 * part, nor the spouse the taxpayer's; each signature names who signed.
 */
let t: TestApp;
let staff: Agent;
const base = (id: string) => `/api/v1/tickets/${id}/signing`;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
});
afterAll(async () => t.close());

/** A customer with an authenticator app set up through the API. */
async function withTotp(name: string) {
  const c = await createCustomer(t, { full_name: name });
  const agent = await signIn(t, c.email);
  const setup = (await agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
  expect((await agent.post('/api/v1/auth/mfa/enable', { code: totpCode(setup.secret) })).statusCode).toBe(200);
  // The set-up used the current step: the next step's code is the one an app would show now.
  return { ...c, agent, code: () => totpCode(setup.secret, Math.floor(Date.now() / 1000) + 30) };
}
async function jointReturn() {
  const taxpayer = await withTotp('Terry Taxpayer');
  const spouse = await withTotp('Sasha Spouse');
  const sent = (
    await taxpayer.agent.post('/api/v1/household/invitations', { full_name: spouse.full_name, email: spouse.email })
  ).json() as Household;
  expect((await spouse.agent.post(`/api/v1/household/invitations/${sent.sent[0]!.id}/accept`)).statusCode).toBe(200);
  const ticket = await openTicket(t, taxpayer.agent, { joint: true });
  // Staff send no spouse fields: the joint ticket names the spouse; their account signs, no phone is asked for.
  const prepared = await staff.post(base(ticket.id), {});
  expect(prepared.statusCode, prepared.body).toBe(201);
  await forceStatus(t, ticket.id, 'Ready For IRS Filing');
  return { taxpayer, spouse, ticket };
}
const stateOf = async (agent: Agent, id: string) => (await agent.get(base(id))).json() as SigningState;
const sign = (agent: Agent, id: string, signer: string, confirmation: string, name: string) =>
  agent.post(`${base(id)}/sign`, { signer, confirmation, signer_name: name, method: 'typed', typed_signature: name });

describe('a spouse with their own account signs their part', () => {
  it('prepares a joint form naming the spouse’s account, and shows each spouse the part they sign', async () => {
    const { taxpayer, spouse, ticket } = await jointReturn();
    const [request] = await t.database.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.ticket_id, ticket.id));
    expect(request).toMatchObject({
      joint: true,
      spouse_user_id: spouse.id,
      spouse_name: 'Sasha Spouse',
      spouse_email: spouse.email,
      spouse_phone: null,
    });
    const mine = await stateOf(taxpayer.agent, ticket.id);
    expect(mine.signs_as).toBe('taxpayer');
    expect(mine.request!.spouse_account).toBe(true);
    expect(mine.factors).toMatchObject({ taxpayer: ['totp', 'recovery_code'], spouse: [] });
    const theirs = await stateOf(spouse.agent, ticket.id);
    expect(theirs.signs_as).toBe('spouse');
    expect(theirs.factors).toMatchObject({ taxpayer: ['totp', 'recovery_code'], spouse: [], spouse_phone: null });
    expect(theirs.request!.signers[1]!.email).toBe(spouse.email);
  });

  it('signs with the spouse’s own factor; the taxpayer is refused the spouse’s part and the spouse the taxpayer’s', async () => {
    const { taxpayer, spouse, ticket } = await jointReturn();
    // The taxpayer cannot confirm or sign for the spouse, neither by a code nor by their own factor.
    for (const body of [
      { signer: 'spouse', code: '123456' },
      { signer: 'spouse', factor: 'totp', code: taxpayer.code() },
    ]) {
      const refused = await taxpayer.agent.post(`${base(ticket.id)}/confirm`, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(SIGNING_MESSAGES.spouseSignsOwn);
    }
    expect((await taxpayer.agent.post(`${base(ticket.id)}/spouse-code`)).statusCode).toBe(403);
    // Nor the spouse the taxpayer's part.
    const wrongPart = await spouse.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'totp',
      code: spouse.code(),
    });
    expect(wrongPart.statusCode).toBe(403);
    // A code is no way for a spouse with an account (uncounted 422), nor one sent to them (409).
    expect(
      (await spouse.agent.post(`${base(ticket.id)}/confirm`, { signer: 'spouse', code: '123456' })).statusCode,
    ).toBe(422);
    expect((await spouse.agent.post(`${base(ticket.id)}/spouse-code`)).statusCode).toBe(409);

    const ok = await spouse.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'spouse',
      factor: 'totp',
      code: spouse.code(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The confirmation is the spouse's: the taxpayer cannot sign with it.
    expect((await sign(taxpayer.agent, ticket.id, 'spouse', ok.json().confirmation, 'Sasha Spouse')).statusCode).toBe(
      403,
    );
    const signed = await sign(spouse.agent, ticket.id, 'spouse', ok.json().confirmation, 'Sasha Spouse');
    expect(signed.statusCode, signed.body).toBe(201);
    expect((signed.json() as SigningState).request!.signers[1]).toMatchObject({ confirmation: 'totp' });

    const mine = await taxpayer.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'totp',
      code: taxpayer.code(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const done = await sign(taxpayer.agent, ticket.id, 'taxpayer', mine.json().confirmation, 'Terry Taxpayer');
    expect(done.statusCode, done.body).toBe(201);
    const state = done.json() as SigningState;
    expect(state.request!.status).toBe('completed');

    const rows = await t.database.db
      .select({ role: signatures.signer_role, user: signatures.signer_user_id, factor: signatures.confirmation })
      .from(signatures)
      .innerJoin(signingRequests, eq(signingRequests.id, signatures.signing_request_id))
      .where(eq(signingRequests.ticket_id, ticket.id));
    expect(rows.sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { role: 'spouse', user: spouse.id, factor: 'totp' },
      { role: 'taxpayer', user: taxpayer.id, factor: 'totp' },
    ]);
    // Both see the signed form, which names each signer's factor.
    const file = await spouse.agent.get(`/api/v1/documents/${state.request!.signed_document_id}/file`);
    expect(file.statusCode).toBe(200);
    expect(pdfText(file.rawPayload)).toContain('Sasha Spouse');
    const failed = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'signing.confirm_failed'));
    expect(failed.filter((e) => e.entity_id === ticket.id)).toEqual([]);
  });

  it('refuses the customer’s joint/separate switch while the form is pending (409, EN and ES)', async () => {
    const { taxpayer, ticket } = await jointReturn();
    const refused = await taxpayer.agent.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: false });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('Form 8879 is waiting for signatures');
    const es = await taxpayer.agent.request({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/joint`,
      payload: { joint: false },
      headers: { 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(409);
    expect(es.json().detail).toContain('esperando firmas');
    expect((await taxpayer.agent.get(`/api/v1/tickets/${ticket.id}`)).json().spouse).not.toBeNull();
  });

  it('lets staff replace a pending form the taxpayer signed after its spouse lost the ticket', async () => {
    const { taxpayer, spouse, ticket } = await jointReturn();
    // Staff switch it to separate (allowed: they prepare again); the taxpayer signs the old joint form meanwhile.
    expect((await staff.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: false })).statusCode).toBe(200);
    const ok = await taxpayer.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'totp',
      code: taxpayer.code(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await sign(taxpayer.agent, ticket.id, 'taxpayer', ok.json().confirmation, 'Terry Taxpayer')).statusCode,
    ).toBe(201);
    expect((await spouse.agent.get(base(ticket.id))).statusCode).toBe(404);
    const replaced = await staff.post(base(ticket.id), {});
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((replaced.json() as SigningState).request?.joint ?? false).toBe(false);
  });

  it('keeps the spouse’s part closed once the ticket is no longer joint', async () => {
    const { spouse, ticket } = await jointReturn();
    expect((await staff.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: false })).statusCode).toBe(200);
    expect((await spouse.agent.get(base(ticket.id))).statusCode).toBe(404);
    const confirm = await spouse.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'spouse',
      factor: 'totp',
      code: spouse.code(),
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('refuses to switch a return between joint and separate once anyone has signed its form', async () => {
    const { taxpayer, ticket } = await jointReturn();
    const ok = await taxpayer.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'totp',
      code: taxpayer.code(),
    });
    expect(
      (await sign(taxpayer.agent, ticket.id, 'taxpayer', ok.json().confirmation, 'Terry Taxpayer')).statusCode,
    ).toBe(201);
    const switched = await taxpayer.agent.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: false });
    expect(switched.statusCode).toBe(409);
  });
});
