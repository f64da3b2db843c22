import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRequests, documents, documentTypes } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf, png, type Upload } from '../test/upload-fixtures.ts';

let t: TestApp;
let dataDir: string;
let customer: Agent;
let other: Agent;
let staff: Agent;
let customerId: string;
let otherId: string;
let ticketId: string;
let typeId: string;

const upload = (agent: Agent, files: Upload[], fields: Record<string, string> = {}) =>
  agent.request({
    method: 'POST',
    url: '/api/v1/documents',
    ...multipart({ document_type: typeId, ...fields }, files),
  });
const uploadOne = async (
  agent: Agent,
  fields: Record<string, string> = {},
  file: Upload = { name: 'a.pdf', data: pdf() },
) => {
  const res = await upload(agent, [file], fields);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().items[0] as { id: string; file_url: string; thumbnail_url: string | null; [k: string]: unknown };
};

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-docs-${randomUUID()}`);
  t = await createTestApp({ DATA_DIR: dataDir });
  const c = await createCustomer(t);
  const o = await createCustomer(t);
  customerId = c.id;
  otherId = o.id;
  customer = await signIn(t, c.email);
  other = await signIn(t, o.email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  ticketId = (await openTicket(t, customer)).id;
  typeId = (await t.database.db.select().from(documentTypes).limit(1))[0]!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("another customer's documents", () => {
  it('answer 404 on every endpoint, as an unknown id does, and never show in lists', async () => {
    const doc = await uploadOne(customer, { ticket_id: ticketId }, { name: 'p.png', data: await png() });
    for (const url of [doc.file_url, doc.thumbnail_url!, `${doc.file_url}?disposition=inline`]) {
      expect((await other.get(url)).statusCode, url).toBe(404);
      expect((await other.get(url.replace(doc.id, 'nope'))).statusCode).toBe(404);
    }
    expect((await other.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    const list = await other.get('/api/v1/documents');
    expect(list.json().items.map((d: { id: string }) => d.id)).not.toContain(doc.id);
    // A customer cannot ask for someone else's vault or ticket.
    const byId = await other.get(`/api/v1/documents?customer_id=${customerId}`);
    expect(byId.json().items.map((d: { id: string }) => d.id)).not.toContain(doc.id);
    expect((await other.get(`/api/v1/documents?ticket_id=${ticketId}`)).statusCode).toBe(404);
    // Still there for its owner.
    expect((await customer.get(doc.file_url)).statusCode).toBe(200);
    // A customer naming someone else's vault on upload gets their own: customer_id is for staff only.
    const planted = await uploadOne(other, { customer_id: customerId });
    expect(planted.customer_id).not.toBe(customerId);
    const owners = (await customer.get('/api/v1/documents')).json().items.map((d: { id: string }) => d.id);
    expect(owners).not.toContain(planted.id);
  });

  it('private documents (what staff send) reach their own customer only; internal ones no customer', async () => {
    const priv = await uploadOne(staff, { customer_id: customerId });
    await t.database.db
      .update(documents)
      .set({ visibility: 'private', kind: 'draft' })
      .where(eq(documents.id, priv.id));
    const internal = await uploadOne(staff, { customer_id: customerId });
    await t.database.db.update(documents).set({ visibility: 'internal' }).where(eq(documents.id, internal.id));
    expect((await customer.get(priv.file_url)).statusCode).toBe(200);
    expect((await other.get(priv.file_url)).statusCode).toBe(404);
    expect((await customer.get(internal.file_url)).statusCode).toBe(404);
    expect((await other.get(internal.file_url)).statusCode).toBe(404);
    expect((await staff.get(internal.file_url)).statusCode).toBe(200);
    const mine = (await customer.get('/api/v1/documents')).json().items.map((d: { id: string }) => d.id);
    expect(mine).toContain(priv.id);
    expect(mine).not.toContain(internal.id);
    // A private draft is not the customer's to delete.
    expect((await customer.delete(`/api/v1/documents/${priv.id}`)).statusCode).toBe(403);
  });

  it('a tampered stored file fails the read instead of serving altered bytes', async () => {
    const doc = await uploadOne(customer);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const file = path.join(dataDir, 'files', row!.storage_key.slice(0, 2), row!.storage_key);
    const bytes = fs.readFileSync(file);
    bytes[40] = bytes[40]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const res = await customer.get(doc.file_url);
    // Checked before the first byte is sent: a 500 problem, none of the (altered) content.
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toContain('PLAINTEXT-MARKER');
  });
});

describe('staff and the vault', () => {
  it("staff upload into a customer's vault and list it", async () => {
    const doc = await uploadOne(staff, { customer_id: customerId });
    expect(doc).toMatchObject({ customer_id: customerId, ticket_id: null, can_delete: true });
    const list = (await staff.get(`/api/v1/documents?customer_id=${customerId}`)).json();
    expect(list.items.map((d: { id: string }) => d.id)).toContain(doc.id);
    expect(list.items.every((d: { customer_id: string }) => d.customer_id === customerId)).toBe(true);
    const seen = (await customer.get('/api/v1/documents')).json().items.map((d: { id: string }) => d.id);
    expect(seen).toContain(doc.id);
  });

  it('staff must say whose vault; an unknown customer is 404; a mismatched ticket 422', async () => {
    expect((await upload(staff, [{ name: 'a.pdf', data: pdf() }])).statusCode).toBe(422);
    expect((await upload(staff, [{ name: 'a.pdf', data: pdf() }], { customer_id: 'nobody' })).statusCode).toBe(404);
    // A staff member's id is not a customer's vault.
    const colleague = await createStaff(t, 'Reviewer');
    expect((await upload(staff, [{ name: 'a.pdf', data: pdf() }], { customer_id: colleague.id })).statusCode).toBe(404);
    const res = await upload(staff, [{ name: 'a.pdf', data: pdf() }], { customer_id: otherId, ticket_id: ticketId });
    expect(res.statusCode).toBe(422);
  });

  it('staff on a ticket: the document goes to the ticket owner', async () => {
    const doc = await uploadOne(staff, { ticket_id: ticketId });
    expect(doc).toMatchObject({ customer_id: customerId, ticket_id: ticketId });
  });
});

describe('deleting', () => {
  it('the customer deletes their own upload; the row and the stored files go', async () => {
    const doc = await uploadOne(customer, { ticket_id: ticketId }, { name: 'p.png', data: await png() });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const stored = [row!.storage_key, row!.thumb_storage_key!].map((k) =>
      path.join(dataDir, 'files', k.slice(0, 2), k),
    );
    for (const f of stored) expect(fs.existsSync(f)).toBe(true);
    expect((await customer.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    for (const f of stored) expect(fs.existsSync(f)).toBe(false);
    expect((await customer.get(doc.file_url)).statusCode).toBe(404);
  });

  it('not once the ticket is Completed or Closed; staff still may', async () => {
    const ticket = await openTicket(t, customer);
    const doc = await uploadOne(customer, { ticket_id: ticket.id });
    await forceStatus(t, ticket.id, 'Completed');
    const listed = (await customer.get(`/api/v1/documents?ticket_id=${ticket.id}`)).json().items[0];
    expect(listed.can_delete).toBe(false);
    expect((await customer.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(403);
    await forceStatus(t, ticket.id, 'Closed');
    expect((await customer.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(403);
    expect((await staff.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
  });

  it('a signed 8879 is kept: nobody deletes it here', async () => {
    const doc = await uploadOne(staff, { customer_id: customerId });
    await t.database.db
      .update(documents)
      .set({ kind: 'signed_8879', visibility: 'private' })
      .where(eq(documents.id, doc.id));
    // A signed record: kept whoever asks, and said so (409), not a bare 403.
    const res = await staff.delete(`/api/v1/documents/${doc.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(TICKET_TEXTS.documents.signedRecordKept);
  });
});

describe('listing', () => {
  it('pages by keyset without gaps or repeats, newest first, filtered by ticket and kind', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const ticket = await openTicket(t, agent);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await uploadOne(agent, { ticket_id: ticket.id })).id);
    await uploadOne(agent);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/v1/documents?ticket_id=${ticket.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await agent.get(q)).json();
      seen.push(...page.items.map((d: { id: string }) => d.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await agent.get('/api/v1/documents?kind=draft')).json().items).toHaveLength(0);
    expect((await agent.get('/api/v1/documents?cursor=garbage')).statusCode).toBe(422);
    expect((await agent.get('/api/v1/documents?kind=bogus')).statusCode).toBe(422);
  });
});

describe('uploading against a document request', () => {
  const makeRequest = async (forCustomer: string, ticket: string, status = 'open') => {
    const id = randomUUID();
    await t.database.db.insert(documentRequests).values({
      id,
      ticket_id: ticket,
      customer_id: forCustomer,
      label: 'W-2',
      status,
      next_reminder_at: new Date(Date.now() + 86_400_000),
    });
    return id;
  };

  it('fulfils an open request of the same customer and ticket, in the same transaction', async () => {
    const requestId = await makeRequest(customerId, ticketId);
    const doc = await uploadOne(customer, { ticket_id: ticketId, request_id: requestId });
    expect(doc.request_id).toBe(requestId);
    const [req] = await t.database.db.select().from(documentRequests).where(eq(documentRequests.id, requestId));
    expect(req).toMatchObject({ status: 'fulfilled', fulfilled_document_id: doc.id, next_reminder_at: null });
    expect(req!.fulfilled_at).toBeInstanceOf(Date);
    // Without ticket_id the request's ticket is used.
    const second = await makeRequest(customerId, ticketId);
    // No ticket named: the upload goes to the request's ticket, and the answer names that ticket.
    const onRequest = await uploadOne(customer, { request_id: second });
    expect(onRequest.ticket_id).toBe(ticketId);
    expect(onRequest.ticket_name).toMatch(/^TD\./);
    // Deleting the document opens the request again.
    expect((await customer.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    const [again] = await t.database.db.select().from(documentRequests).where(eq(documentRequests.id, requestId));
    expect(again).toMatchObject({ status: 'open', fulfilled_document_id: null });
  });

  it("refuses another customer's request (404), a closed one or another ticket's (422), storing nothing", async () => {
    const count = async () => (await t.database.db.select({ id: documents.id }).from(documents)).length;
    const before = await count();
    const otherTicket = await openTicket(t, other);
    const foreign = await makeRequest(otherId, otherTicket.id);
    expect((await upload(customer, [{ name: 'a.pdf', data: pdf() }], { request_id: foreign })).statusCode).toBe(404);
    const done = await makeRequest(customerId, ticketId, 'fulfilled');
    expect((await upload(customer, [{ name: 'a.pdf', data: pdf() }], { request_id: done })).statusCode).toBe(422);
    const ticket2 = await openTicket(t, customer);
    const elsewhere = await makeRequest(customerId, ticket2.id);
    const res = await upload(customer, [{ name: 'a.pdf', data: pdf() }], {
      request_id: elsewhere,
      ticket_id: ticketId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('request_id');
    expect(await count()).toBe(before);
    const [still] = await t.database.db.select().from(documentRequests).where(eq(documentRequests.id, elsewhere));
    expect(still!.status).toBe('open');
  });
});
