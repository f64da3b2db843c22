import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '@taxportal/contract';
import {
  documents,
  notifications,
  outbox,
  taxDrafts,
  ticketMessages,
  ticketStatusChanges,
  tickets,
} from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf, png } from '../test/upload-fixtures.ts';

let t: TestApp;
let dataDir: string;
let customer: Agent;
let other: Agent;
let staff: Agent;
let customerEmail: string;

const uploadDraft = (
  agent: Agent,
  ticketId: string,
  fields: Record<string, string> = {},
  file = { name: 'draft.pdf', data: pdf('DRAFT-ONE') },
) => agent.request({ method: 'POST', url: `/api/v1/tickets/${ticketId}/drafts`, ...multipart(fields, [file]) });

async function draftOn(ticketId: string, fields: Record<string, string> = {}, marker = 'DRAFT'): Promise<Draft> {
  const res = await uploadDraft(staff, ticketId, fields, { name: 'return.pdf', data: pdf(marker) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Draft;
}
const statusOf = async (id: string) =>
  (await t.database.db.select({ s: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]!.s;
const draftCount = async (id: string) =>
  (await t.database.db.select().from(taxDrafts).where(eq(taxDrafts.ticket_id, id))).length;

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-drafts-${randomUUID()}`);
  t = await createTestApp({ DATA_DIR: dataDir });
  const c = await createCustomer(t);
  customerEmail = c.email;
  customer = await signIn(t, c.email);
  other = await signIn(t, (await createCustomer(t)).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('staff upload a draft', () => {
  it('stores a private draft document, moves the ticket to Draft Ready with history, and tells the customer', async () => {
    const ticket = await openTicket(t, customer);
    await forceStatus(t, ticket.id, 'Tax Preparation');
    const d = await draftOn(ticket.id, { label: 'CPA Reviewed', note: 'Please check page 2' }, 'FIRST-DRAFT');
    expect(d).toMatchObject({
      version: 1,
      label: 'CPA Reviewed',
      status: 'pending',
      is_current: true,
      note: 'Please check page 2',
    });
    expect(await statusOf(ticket.id)).toBe('Draft Ready');
    const moves = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticket_id, ticket.id));
    expect(moves.at(-1)).toMatchObject({
      from_status: 'Tax Preparation',
      to_status: 'Draft Ready',
      note: 'Draft v1 uploaded',
    });
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, d.document_id));
    expect(doc).toMatchObject({
      kind: 'draft',
      visibility: 'private',
      ticket_id: ticket.id,
      content_type: 'application/pdf',
    });
    // The customer reads it through the vault's file route (inline for the preview).
    const file = await customer.get(`/api/v1/documents/${d.document_id}/file?disposition=inline`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1')).toContain('FIRST-DRAFT');
    expect((await other.get(`/api/v1/documents/${d.document_id}/file`)).statusCode).toBe(404);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.ticket_id, ticket.id));
    expect(notes.find((n) => n.title.includes('draft v1 is ready'))?.kind).toBe('draft');
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, customerEmail));
    expect(mails.some((m) => m.subject.includes('draft v1'))).toBe(true);
  });

  it('keeps versions: a new upload supersedes the pending one, which stays readable', async () => {
    const ticket = await openTicket(t, customer);
    const v1 = await draftOn(ticket.id, {}, 'VERSION-ONE');
    const v2 = await draftOn(ticket.id, { label: 'Sample only' }, 'VERSION-TWO');
    expect(v2.version).toBe(2);
    const list = (await customer.get(`/api/v1/tickets/${ticket.id}/drafts`)).json().items as Draft[];
    expect(list.map((d) => [d.version, d.status, d.is_current, d.label, d.superseded_by_version])).toEqual([
      [2, 'pending', true, 'Sample only', null],
      [1, 'superseded', false, 'Draft', 2],
    ]);
    const old = await customer.get(`/api/v1/documents/${v1.document_id}/file`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.toString('latin1')).toContain('VERSION-ONE');
    // Approving the superseded version is a conflict; the current one can be approved.
    expect((await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${v1.id}/approve`)).statusCode).toBe(409);
    expect((await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${v2.id}/approve`)).statusCode).toBe(200);
  });

  it('refuses: every customer (403, whoever’s ticket), an unknown ticket, no file, a non-PDF, a bad label, a closed ticket; nothing stored', async () => {
    const ticket = await openTicket(t, customer);
    const before = (await t.database.db.select().from(documents)).length;
    expect((await uploadDraft(customer, ticket.id)).statusCode).toBe(403);
    expect((await uploadDraft(other, ticket.id)).statusCode).toBe(403);
    expect((await uploadDraft(staff, 'no-such-ticket')).statusCode).toBe(404);
    const image = await uploadDraft(staff, ticket.id, {}, { name: 'draft.pdf', data: await png() });
    expect(image.statusCode).toBe(415);
    expect(image.json().errors[0].field).toBe('file');
    const label = await uploadDraft(staff, ticket.id, { label: 'Final' });
    expect(label.statusCode).toBe(422);
    expect(label.json().errors[0].field).toBe('label');
    const none = await staff.request({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/drafts`,
      ...multipart({ label: 'Draft' }, []),
    });
    expect(none.statusCode).toBe(422);
    await forceStatus(t, ticket.id, 'Completed');
    expect((await uploadDraft(staff, ticket.id)).statusCode).toBe(409);
    expect((await t.database.db.select().from(documents)).length).toBe(before);
    expect(await draftCount(ticket.id)).toBe(0);
    expect((await other.get(`/api/v1/tickets/${ticket.id}/drafts`)).statusCode).toBe(404);
  });
});

describe('the customer reviews the draft', () => {
  it('approves: Draft Finalised with its history row; a second approval is a conflict', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    const ok = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decided_by: { full_name: 'Test Customer' } });
    expect(await statusOf(ticket.id)).toBe('Draft Finalised');
    const [last] = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(and(eq(ticketStatusChanges.ticket_id, ticket.id), eq(ticketStatusChanges.to_status, 'Draft Finalised')));
    expect(last).toMatchObject({ from_status: 'Draft Ready', note: 'Draft v1 approved' });
    const again = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(
      (await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/request-changes`, { message: 'x' })).statusCode,
    ).toBe(409);
  });

  it('asks for changes: the message is on the conversation, the ticket back in Tax Preparation', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    const bad = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/request-changes`, { message: '   ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('message');
    const res = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/request-changes`, {
      message: 'My W-2 wages are wrong on line 1.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'changes_requested',
      decision_message: 'My W-2 wages are wrong on line 1.',
    });
    expect(await statusOf(ticket.id)).toBe('Tax Preparation');
    const msgs = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticket_id, ticket.id));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.body).toContain('My W-2 wages are wrong on line 1.');
    const conversation = (await staff.get(`/api/v1/tickets/${ticket.id}/messages`)).json().items;
    expect(conversation[0].body).toContain('My W-2 wages are wrong');
    // Unread for staff, not for the customer who wrote it (docs/decisions/0023).
    expect((await staff.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(1);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(0);
    // A new version after the changes goes back to Draft Ready.
    const v2 = await draftOn(ticket.id);
    expect(v2.version).toBe(2);
    expect(await statusOf(ticket.id)).toBe('Draft Ready');
  });

  it('refuses staff (403) and another customer (404); a draft of another ticket is not found', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    const second = await openTicket(t, customer);
    for (const url of [`/approve`, `/request-changes`]) {
      const body = url === '/request-changes' ? { message: 'change it' } : undefined;
      expect((await staff.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}${url}`, body)).statusCode).toBe(403);
      expect((await other.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}${url}`, body)).statusCode).toBe(404);
      expect((await customer.post(`/api/v1/tickets/${second.id}/drafts/${d.id}${url}`, body)).statusCode).toBe(404);
    }
    expect(await statusOf(ticket.id)).toBe('Draft Ready');
  });

  it('refuses a decision when the ticket is no longer waiting for it', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    await forceStatus(t, ticket.id, 'Tax Preparation');
    expect((await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`)).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(taxDrafts).where(eq(taxDrafts.id, d.id));
    expect(row!.status).toBe('pending');
  });
});

describe('a draft the ticket moved past without a review', () => {
  const listOf = async (agent: Agent, ticketId: string) =>
    (await agent.get(`/api/v1/tickets/${ticketId}/drafts`)).json().items as Draft[];
  const moveAs = async (agent: Agent, ticketId: string, status: string) => {
    const res = await agent.post(`/api/v1/tickets/${ticketId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  };
  const historyOf = (ticketId: string) =>
    t.database.db.select().from(ticketStatusChanges).where(eq(ticketStatusChanges.ticket_id, ticketId));

  it('reads not_reviewed once staff move the ticket on by hand; approve and changes are refused (409), nothing written', async () => {
    const ticket = await openTicket(t, customer);
    await forceStatus(t, ticket.id, 'Filing In Process');
    const d = await draftOn(ticket.id);
    await moveAs(staff, ticket.id, 'Filing In Process');

    for (const agent of [customer, staff]) {
      const [only] = await listOf(agent, ticket.id);
      expect(only).toMatchObject({ id: d.id, status: 'not_reviewed', is_current: true, superseded_by_version: null });
    }
    const history = (await historyOf(ticket.id)).length;
    const refusals = [
      await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`),
      await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/request-changes`, { message: 'Fix line 1' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(
        'The ticket moved on before this draft was reviewed: it can no longer be approved or sent back.',
      );
    }
    const [row] = await t.database.db.select().from(taxDrafts).where(eq(taxDrafts.id, d.id));
    expect(row).toMatchObject({ status: 'pending', decided_by: null, decided_at: null, decision_message: null });
    expect(await statusOf(ticket.id)).toBe('Filing In Process');
    expect((await historyOf(ticket.id)).length).toBe(history);
    expect(
      await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticket_id, ticket.id)),
    ).toHaveLength(0);
    // Still the customer's alone to decide: staff 403, another customer 404, as before.
    expect((await staff.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`)).statusCode).toBe(403);
    expect((await other.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`)).statusCode).toBe(404);

    // Back in Draft Ready, it awaits the customer again and can be approved.
    await moveAs(staff, ticket.id, 'Draft Ready');
    expect((await listOf(customer, ticket.id))[0]!.status).toBe('pending');
    const ok = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${d.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
  });

  it('finalised by hand, it stays not reviewed (never approved); a new upload supersedes it, naming the version', async () => {
    const reviewer = await signIn(t, (await createStaff(t, 'Reviewer')).email);
    const ticket = await openTicket(t, customer);
    const v1 = await draftOn(ticket.id, {}, 'V-ONE');
    await moveAs(reviewer, ticket.id, 'Draft Finalised');
    expect((await listOf(customer, ticket.id))[0]).toMatchObject({ version: 1, status: 'not_reviewed' });
    expect((await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${v1.id}/approve`)).statusCode).toBe(409);
    expect(await statusOf(ticket.id)).toBe('Draft Finalised');

    const v2 = await draftOn(ticket.id, {}, 'V-TWO');
    expect(v2).toMatchObject({ version: 2, status: 'pending', superseded_by_version: null });
    expect(await statusOf(ticket.id)).toBe('Draft Ready');
    await draftOn(ticket.id, {}, 'V-THREE');
    const list = await listOf(customer, ticket.id);
    expect(list.map((d) => [d.version, d.status, d.is_current, d.superseded_by_version])).toEqual([
      [3, 'pending', true, null],
      [2, 'superseded', false, 3],
      [1, 'superseded', false, 2],
    ]);
    const old = await customer.post(`/api/v1/tickets/${ticket.id}/drafts/${v1.id}/approve`);
    expect(old.statusCode).toBe(409);
    expect(old.json().detail).toBe('A newer version of this draft exists: review the latest one.');
  });
});

describe('the vault and draft documents', () => {
  it('a draft version cannot be deleted from the vault while its draft row keeps it', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    const res = await staff.delete(`/api/v1/documents/${d.document_id}`);
    expect(res.statusCode).toBe(409);
    expect((await customer.get(`/api/v1/documents/${d.document_id}/file`)).statusCode).toBe(200);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/drafts`)).json().items).toHaveLength(1);
  });
});

describe('labels', () => {
  it('staff change a label; no customer can (403, whoever’s ticket), bad labels 422', async () => {
    const ticket = await openTicket(t, customer);
    const d = await draftOn(ticket.id);
    const url = `/api/v1/tickets/${ticket.id}/drafts/${d.id}`;
    const ok = await staff.request({ method: 'PATCH', url, payload: { label: 'CPA Reviewed' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().label).toBe('CPA Reviewed');
    expect((await customer.request({ method: 'PATCH', url, payload: { label: 'Draft' } })).statusCode).toBe(403);
    expect((await other.request({ method: 'PATCH', url, payload: { label: 'Draft' } })).statusCode).toBe(403);
    const bad = await staff.request({ method: 'PATCH', url, payload: { label: 'Approved' } });
    expect(bad.statusCode).toBe(422);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/drafts`)).json().items[0].label).toBe('CPA Reviewed');
  });
});
