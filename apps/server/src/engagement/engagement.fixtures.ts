import { expect } from 'vitest';
import type { EngagementTemplate, Household, Letter } from '@taxportal/contract';
import { createCustomer, createStaff, signIn, totpCode, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket, pickService } from '../test/ticket-fixtures.ts';

/** Tests of engagement letters (docs/decisions/0036): people, a default template, a letter sent for a ticket. */

export const TEMPLATES = '/api/v1/admin/engagement-templates';
export const LETTERS = '/api/v1/engagement-letters';
export const TEMPLATE_BODY =
  '<p>Dear {{client_name}},</p><p>{{firm_name}} will prepare your {{tax_year}} return.</p>{{services}}<p>Deposit: {{deposit}}. {{date}}</p>';

export async function people(t: TestApp) {
  const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  const preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  return { admin, preparer };
}

/** A customer with an authenticator app set up through the API, and the code an app would show now. */
export async function withTotp(t: TestApp, name: string) {
  const c = await createCustomer(t, { full_name: name });
  const agent = await signIn(t, c.email);
  const setup = (await agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
  const enabled = await agent.post('/api/v1/auth/mfa/enable', { code: totpCode(setup.secret) });
  expect(enabled.statusCode).toBe(200);
  const { recovery_codes } = enabled.json() as { recovery_codes: string[] };
  let step = Math.floor(Date.now() / 1000) + 30;
  // Each code is good once: the next one asked for is the following step's (still within the drift allowed).
  return { ...c, agent, code: () => totpCode(setup.secret, (step += 30) - 30), recoveryCodes: recovery_codes };
}

/** The default template for the seeded individual service's type (made once per app). */
const made = new WeakMap<TestApp, Promise<EngagementTemplate>>();
export function defaultTemplate(t: TestApp, admin: Agent): Promise<EngagementTemplate> {
  let p = made.get(t);
  if (!p) {
    p = (async () => {
      const { service_type_id } = await pickService(t);
      const res = await admin.post(TEMPLATES, {
        name: 'Individual engagement',
        service_type_id,
        is_default: true,
        body: TEMPLATE_BODY,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as EngagementTemplate;
    })();
    made.set(t, p);
  }
  return p;
}

export async function sendLetter(staff: Agent, ticketId: string, body: Record<string, unknown> = {}) {
  const res = await staff.post(LETTERS, { ticket_id: ticketId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Letter;
}

/** A client (with TOTP) whose ticket has a letter sent. */
export async function clientWithLetter(t: TestApp, staff: Agent, admin: Agent, name = 'Dana Client') {
  await defaultTemplate(t, admin);
  const client = await withTotp(t, name);
  const ticket = await openTicket(t, client.agent);
  const letter = await sendLetter(staff, ticket.id);
  return { client, ticket, letter };
}

/** A joint ticket of two customers in one household, each with TOTP, and its letter sent. */
export async function jointLetter(t: TestApp, staff: Agent, admin: Agent) {
  await defaultTemplate(t, admin);
  const taxpayer = await withTotp(t, 'Terry Joint');
  const spouse = await withTotp(t, 'Sasha Joint');
  const sent = (
    await taxpayer.agent.post('/api/v1/household/invitations', { full_name: spouse.full_name, email: spouse.email })
  ).json() as Household;
  expect((await spouse.agent.post(`/api/v1/household/invitations/${sent.sent[0]!.id}/accept`)).statusCode).toBe(200);
  const ticket = await openTicket(t, taxpayer.agent, { joint: true });
  const letter = await sendLetter(staff, ticket.id);
  return { taxpayer, spouse, ticket, letter };
}

/** Confirms with TOTP and signs (typed): the answer of …/sign. */
export async function confirmAndSign(agent: Agent, letterId: string, code: string, name: string) {
  const confirmed = await agent.post(`${LETTERS}/${letterId}/confirm`, { factor: 'totp', code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { confirmation } = confirmed.json() as { confirmation: string };
  return agent.post(`${LETTERS}/${letterId}/sign`, {
    confirmation,
    signer_name: name,
    method: 'typed',
    typed_signature: name,
  });
}
