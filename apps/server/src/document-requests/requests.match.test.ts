import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, DocumentRequest } from '@taxportal/contract';
import { auditLog, documentMatchDeclines, documentRequests, documents } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';

// Uploads matched to requests (issue 32, item 4): proposals by type and by file name, the customer's confirm and
// decline, staff's re-match and unmatch, and who may do what.

let t: TestApp;
let staff: Agent;
let alice: Agent;
let bob: Agent;
let a: Awaited<ReturnType<typeof createCustomer>>;
let b: Awaited<ReturnType<typeof createCustomer>>;
let types: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCustomer(t, { full_name: 'Alice Able' });
  b = await createCustomer(t, { full_name: 'Bob Baker' });
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  alice = await signIn(t, a.email);
  bob = await signIn(t, b.email);
  const list = (await t.app.inject('/api/v1/catalog/document-types')).json().items as { id: string; name: string }[];
  types = new Map(list.map((d) => [d.name, d.id]));
});
afterAll(async () => {
  await t.close();
});

const typeId = (name: string) => types.get(name)!;

async function ask(ticketId: string, body: object): Promise<DocumentRequest[]> {
  const res = await staff.post(`/api/v1/tickets/${ticketId}/document-requests`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().items;
}

async function upload(agent: Agent, name: string, type: string, fields: Record<string, string> = {}) {
  const res = await agent.request({
    method: 'POST',
    url: '/api/v1/documents',
    ...multipart({ document_type: typeId(type), ...fields }, [{ name, data: pdf(`MATCH-${randomUUID()}`) }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().items[0] as Document;
}

const ticketRequests = async (agent: Agent, ticketId: string) =>
  (await agent.get(`/api/v1/tickets/${ticketId}/document-requests`)).json().items as DocumentRequest[];
const requestOf = async (agent: Agent, ticketId: string, id: string) =>
  (await ticketRequests(agent, ticketId)).find((r) => r.id === id)!;
const vault = async (agent: Agent) => (await agent.get('/api/v1/documents')).json().items as Document[];
const requestRow = async (id: string) =>
  (await t.database.db.select().from(documentRequests).where(eq(documentRequests.id, id)))[0]!;
const audits = (action: string, requestId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .then((all) => all.filter((e) => (e.meta as { request_id?: string } | null)?.request_id === requestId));

describe('proposals: an upload naming no request, and the open request it looks like', () => {
  it('proposes a typed upload to the request of its type: on its own ticket first, then the oldest', async () => {
    const older = await openTicket(t, alice);
    const mine = await openTicket(t, alice);
    const [w2Older] = await ask(older.id, { checklist: ['w2'] });
    const [w2Mine, int] = await ask(mine.id, { checklist: ['w2', '1099_int'] });

    const inVault = await upload(alice, 'scan-0001.pdf', 'W-2');
    expect(inVault.proposed_request).toEqual({
      id: w2Older!.id,
      label: 'W-2',
      ticket_id: older.id,
      ticket_name: older.name,
    });
    const onTicket = await upload(alice, 'scan-0002.pdf', 'W-2', { ticket_id: mine.id });
    expect(onTicket.proposed_request?.id).toBe(w2Mine!.id);
    expect((await upload(alice, 'scan-0003.pdf', '1099-B')).proposed_request).toBeNull();

    // The document's view carries the same proposal; staff see none (the client confirms).
    const listed = new Map((await vault(alice)).map((d) => [d.id, d.proposed_request?.id ?? null]));
    expect(listed.get(inVault.id)).toBe(w2Older!.id);
    expect(listed.get(onTicket.id)).toBe(w2Mine!.id);
    const staffView = (await staff.get(`/api/v1/documents?customer_id=${a.id}`)).json().items as Document[];
    expect(staffView.every((d) => d.proposed_request === null)).toBe(true);

    // And the requests carry it the other way round, to the customer only.
    expect((await requestOf(alice, mine.id, w2Mine!.id)).proposed_document).toMatchObject({
      id: onTicket.id,
      file_name: 'scan-0002.pdf',
      file_url: `/api/v1/documents/${onTicket.id}/file`,
    });
    expect((await requestOf(alice, mine.id, int!.id)).proposed_document).toBeNull();
    expect((await requestOf(staff, mine.id, w2Mine!.id)).proposed_document).toBeNull();
    const outstanding = (await alice.get('/api/v1/document-requests')).json().items as DocumentRequest[];
    expect(outstanding.find((r) => r.id === w2Older!.id)?.proposed_document?.id).toBe(inVault.id);
  });

  it('reads the file name of an upload without a type ("Other"): the type or the label it names', async () => {
    const c = await signIn(t, (await createCustomer(t)).email);
    const ticket = await openTicket(t, c);
    const [w2, letter] = await ask(ticket.id, { checklist: ['w2'], custom: ['Daycare provider letter'] });
    expect((await upload(c, 'W2 Acme 2025.pdf', 'Other')).proposed_request?.id).toBe(w2!.id);
    expect((await upload(c, 'daycare_provider_letter.pdf', 'Other')).proposed_request?.id).toBe(letter!.id);
    expect((await upload(c, 'scan.pdf', 'Other')).proposed_request).toBeNull();
    // A typed upload is matched by its type only, whatever its name says.
    expect((await upload(c, 'W2 again.pdf', 'K-1')).proposed_request).toBeNull();
    // Nothing is proposed to another customer's requests.
    expect((await upload(bob, 'W2 Acme 2025.pdf', 'W-2')).proposed_request).toBeNull();
  });
});

describe('the customer confirms or declines a proposal', () => {
  it('a vault file (on no ticket) confirmed for a request is listed under that ticket’s documents from then on', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_div'] });
    const doc = await upload(alice, 'vault-div.pdf', '1099-DIV');
    expect(doc.proposed_request?.id).toBe(req!.id);
    const onTicket = async () =>
      (await alice.get(`/api/v1/documents?ticket_id=${ticket.id}`)).json().items.map((d: { id: string }) => d.id);
    expect(await onTicket()).not.toContain(doc.id);
    expect((await alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: doc.id })).statusCode).toBe(
      200,
    );
    expect(await onTicket()).toContain(doc.id);
  });

  it('confirming fulfils the request with that file, as the client; the file is proposed no more', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_div'] });
    const doc = await upload(alice, 'div.pdf', '1099-DIV', { ticket_id: ticket.id });
    expect(doc.proposed_request?.id).toBe(req!.id);

    const res = await alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: doc.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'fulfilled',
      fulfilled_document_id: doc.id,
      fulfilled_document: { id: doc.id, file_name: 'div.pdf' },
      matched_via: 'proposal',
      matched_by_name: 'Alice Able',
      next_reminder_at: null,
      proposed_document: null,
    });
    expect((await vault(alice)).find((d) => d.id === doc.id)!.proposed_request).toBeNull();
    // Staff see who matched which file on the checklist; the change is on the ticket's audit trail.
    expect(await requestOf(staff, ticket.id, req!.id)).toMatchObject({
      fulfilled_document: { id: doc.id },
      matched_via: 'proposal',
    });
    const [entry] = await audits('document_request.match', req!.id);
    expect(entry).toMatchObject({ actor_id: a.id, entity_type: 'ticket', entity_id: ticket.id });
    expect(entry!.meta).toMatchObject({ document_id: doc.id, via: 'proposal' });
    // Once fulfilled it cannot be confirmed again (409), not even with another file.
    const other = await upload(alice, 'div-2.pdf', '1099-DIV');
    expect(other.proposed_request).toBeNull();
    expect(
      (await alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: other.id })).statusCode,
    ).toBe(409);
    expect((await requestRow(req!.id)).fulfilled_document_id).toBe(doc.id);
  });

  it('an upload from the request says so: matched on upload by the client', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_g'] });
    const doc = await upload(alice, 'g.pdf', '1099-G', { request_id: req!.id });
    expect(doc.proposed_request).toBeNull();
    expect(await requestOf(alice, ticket.id, req!.id)).toMatchObject({
      status: 'fulfilled',
      fulfilled_document: { id: doc.id, file_name: 'g.pdf' },
      matched_via: 'upload',
      matched_by_name: 'Alice Able',
    });
  });

  it('declining keeps the request open and proposes that file for no request again, not the next of its type', async () => {
    const ticket = await openTicket(t, alice);
    const [first, second] = await ask(ticket.id, {
      custom: [
        { label: 'K-1 from Fund A', document_type_id: typeId('K-1') },
        { label: 'K-1 from Fund B', document_type_id: typeId('K-1') },
      ],
    });
    const doc = await upload(alice, 'k1.pdf', 'K-1', { ticket_id: ticket.id });
    expect(doc.proposed_request?.id).toBe(first!.id);
    const res = await alice.post(`/api/v1/document-requests/${first!.id}/decline`, { document_id: doc.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', proposed_document: null, fulfilled_document_id: null });
    // Not offered for Fund B's K-1 straight away (outside tester), neither in the vault nor on the checklist.
    expect((await vault(alice)).find((d) => d.id === doc.id)!.proposed_request).toBeNull();
    expect((await requestOf(alice, ticket.id, second!.id)).proposed_document).toBeNull();
    expect((await requestRow(first!.id)).status).toBe('open');
    expect(await audits('document_request.decline', first!.id)).toHaveLength(1);
    // Declining twice is no error and writes nothing more: no second audit entry.
    expect(
      (await alice.post(`/api/v1/document-requests/${first!.id}/decline`, { document_id: doc.id })).statusCode,
    ).toBe(200);
    expect(await audits('document_request.decline', first!.id)).toHaveLength(1);
    // A declined pair is not confirmed afterwards (422, nothing changes); a new file of the type still is proposed.
    const declined = await alice.post(`/api/v1/document-requests/${first!.id}/confirm`, { document_id: doc.id });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors[0].field).toBe('document_id');
    expect((await requestRow(first!.id)).status).toBe('open');
    expect((await upload(alice, 'k1-a.pdf', 'K-1', { ticket_id: ticket.id })).proposed_request?.id).toBe(first!.id);
  });

  it('a decline once the request is not open is a conflict (409), not audited', async () => {
    const ticket = await openTicket(t, alice);
    const [cancelled, fulfilled] = await ask(ticket.id, {
      custom: [
        { label: 'Brokerage 1099-B', document_type_id: typeId('1099-B') },
        { label: 'Other 1099-B', document_type_id: typeId('1099-B') },
      ],
    });
    const doc = await upload(alice, 'b.pdf', '1099-B');
    expect((await staff.post(`/api/v1/document-requests/${cancelled!.id}/cancel`)).statusCode).toBe(200);
    const other = await upload(alice, 'b2.pdf', '1099-B', { request_id: fulfilled!.id });
    expect(other.id).toBeTruthy();
    for (const r of [cancelled!, fulfilled!]) {
      const res = await alice.post(`/api/v1/document-requests/${r.id}/decline`, { document_id: doc.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(await audits('document_request.decline', r.id)).toHaveLength(0);
    }
    const declines = await t.database.db
      .select()
      .from(documentMatchDeclines)
      .where(eq(documentMatchDeclines.document_id, doc.id));
    expect(declines).toHaveLength(0);
  });

  it('a confirm and a decline at once: one after the other, exactly one of them answers 200', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_misc'] });
    const doc = await upload(alice, 'misc.pdf', '1099-MISC', { ticket_id: ticket.id });
    const answers = await Promise.all([
      alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: doc.id }),
      alice.post(`/api/v1/document-requests/${req!.id}/decline`, { document_id: doc.id }),
    ]);
    expect(
      answers.filter((r) => r.statusCode === 200),
      answers.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    const [confirm, decline] = answers;
    const row = await requestRow(req!.id);
    if (confirm!.statusCode === 200) {
      expect(decline!.statusCode).toBe(409);
      expect(row.fulfilled_document_id).toBe(doc.id);
    } else {
      expect(confirm!.statusCode).toBe(422);
      expect(row.status).toBe('open');
    }
  });

  it("the customer confirms no file of another specific type than the request's (422); untyped or Other is fine", async () => {
    const ticket = await openTicket(t, alice);
    const [b, id, letter] = await ask(ticket.id, {
      checklist: ['1099_b', 'photo_id'],
      custom: ['Letter from the landlord'],
    });
    const int = await upload(alice, 'int.pdf', '1099-INT');
    const res = await alice.post(`/api/v1/document-requests/${b!.id}/confirm`, { document_id: int.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'document_id' });
    expect(res.json().detail).toBe(
      'This file is filed as 1099-INT, but this request asks for 1099-B. Choose a 1099-B file.',
    );
    expect((await requestRow(b!.id)).status).toBe('open');
    // In Spanish too.
    const es = await alice.request({
      method: 'POST',
      url: `/api/v1/document-requests/${b!.id}/confirm`,
      payload: { document_id: int.id },
      headers: { 'accept-language': 'es' },
    });
    expect(es.json().detail).toContain('pero esta solicitud pide 1099-B');
    const other = await upload(alice, 'scan.pdf', 'Other');
    expect((await alice.post(`/api/v1/document-requests/${b!.id}/confirm`, { document_id: other.id })).statusCode).toBe(
      200,
    );
    // A request without a type takes a typed file on the customer's word.
    expect(
      (await alice.post(`/api/v1/document-requests/${letter!.id}/confirm`, { document_id: int.id })).statusCode,
    ).toBe(200);
    // Uploading through a request's Upload with another type is refused (422 on the type), nothing stored.
    const before = (await vault(alice)).length;
    const wrong = await alice.request({
      method: 'POST',
      url: '/api/v1/documents',
      ...multipart({ document_type: typeId('W-2'), request_id: id!.id }, [
        { name: 'w2.pdf', data: pdf(`X-${randomUUID()}`) },
      ]),
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().errors[0].field).toBe('document_type');
    expect((await vault(alice)).length).toBe(before);
    expect((await requestRow(id!.id)).status).toBe('open');
    expect((await upload(alice, 'id.pdf', 'Photo ID', { request_id: id!.id })).id).toBeTruthy();
    expect((await requestRow(id!.id)).status).toBe('fulfilled');
  });

  it("a file whose name carries the label's code (CP2000) is proposed for it", async () => {
    const c = await signIn(t, (await createCustomer(t)).email);
    const ticket = await openTicket(t, c);
    const [notice] = await ask(ticket.id, { custom: ['Copy of the CP2000 notice (all pages)'] });
    expect((await upload(c, 'CP2000 notice.pdf', 'Other')).proposed_request?.id).toBe(notice!.id);
  });

  it('two confirms at once fulfil the request once', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['ssa_1099'] });
    const one = await upload(alice, 'ssa-1.pdf', 'SSA-1099', { ticket_id: ticket.id });
    const two = await upload(alice, 'ssa-2.pdf', 'SSA-1099', { ticket_id: ticket.id });
    const answers = await Promise.all(
      [one, two].map((d) => alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: d.id })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json().fulfilled_document_id;
    expect((await requestRow(req!.id)).fulfilled_document_id).toBe(won);
    expect(await audits('document_request.match', req!.id)).toHaveLength(1);
  });
});

describe('staff re-match and unmatch', () => {
  it('staff may choose a file of another type; the checklist shows its type', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_k'] });
    const doc = await upload(alice, 'k-maybe.pdf', '1099-INT');
    const res = await staff.put(`/api/v1/document-requests/${req!.id}/document`, { document_id: doc.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fulfilled_document).toMatchObject({ id: doc.id, document_type_name: '1099-INT' });
    expect(res.json().document_type_name).toBe('1099-K');
  });

  it('staff choose the file (replacing one), and take it off with a reason: open again, reminded again', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_r'] });
    const wrong = await upload(alice, 'r-wrong.pdf', '1099-R', { request_id: req!.id });
    const right = await upload(alice, 'r-right.pdf', '1099-R');

    const res = await staff.put(`/api/v1/document-requests/${req!.id}/document`, { document_id: right.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'fulfilled',
      fulfilled_document: { id: right.id, file_name: 'r-right.pdf' },
      matched_via: 'staff',
      matched_by_name: 'Test Tax Preparer',
    });
    expect((await audits('document_request.match', req!.id))[0]!.meta).toMatchObject({
      document_id: right.id,
      previous_document_id: wrong.id,
      via: 'staff',
    });
    // The client sees who matched it, and cannot undo staff's match (403: staff only).
    expect(await requestOf(alice, ticket.id, req!.id)).toMatchObject({ matched_via: 'staff' });
    const before = await requestRow(req!.id);
    expect((await alice.post(`/api/v1/document-requests/${req!.id}/unmatch`, { reason: 'mine' })).statusCode).toBe(403);
    expect(
      (await alice.put(`/api/v1/document-requests/${req!.id}/document`, { document_id: wrong.id })).statusCode,
    ).toBe(403);
    expect(await requestRow(req!.id)).toEqual(before);

    // A reason is required (422), nothing changes.
    const blank = await staff.post(`/api/v1/document-requests/${req!.id}/unmatch`, { reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0].field).toBe('reason');
    expect(await requestRow(req!.id)).toEqual(before);

    const off = await staff.post(`/api/v1/document-requests/${req!.id}/unmatch`, { reason: 'That is the 2022 form.' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'open', fulfilled_document: null, matched_via: null });
    expect(new Date(off.json().next_reminder_at).getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect((await audits('document_request.unmatch', req!.id))[0]).toMatchObject({
      entity_type: 'ticket',
      entity_id: ticket.id,
      meta: { document_id: right.id, reason: 'That is the 2022 form.' },
    });
    // Neither file staff took off is proposed again, for it nor for another request of its type; unmatching an open
    // request is a conflict.
    const [another] = await ask(ticket.id, {
      custom: [{ label: 'Second 1099-R', document_type_id: typeId('1099-R') }],
    });
    const proposed = new Map((await vault(alice)).map((d) => [d.id, d.proposed_request?.id ?? null]));
    expect(proposed.get(right.id)).toBeNull();
    expect(proposed.get(wrong.id)).toBeNull();
    expect((await requestOf(alice, ticket.id, another!.id)).proposed_document).toBeNull();
    expect((await staff.post(`/api/v1/document-requests/${req!.id}/unmatch`, { reason: 'again' })).statusCode).toBe(
      409,
    );
  });

  it('deleting the file gives its request back: open, with nothing matched', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1099_nec'] });
    const doc = await upload(alice, 'nec.pdf', '1099-NEC');
    expect((await alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: doc.id })).statusCode).toBe(
      200,
    );
    // The vault's list says which requests the file fulfils (the delete dialog names them).
    expect((await vault(alice)).find((d) => d.id === doc.id)!.fulfils_requests).toEqual([
      { id: req!.id, label: '1099-NEC' },
    ]);
    expect((await alice.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    const back = await requestOf(alice, ticket.id, req!.id);
    expect(back).toMatchObject({ status: 'open', fulfilled_document: null, matched_via: null, matched_by_name: null });
    expect(back.next_reminder_at).not.toBeNull();
    const row = await requestRow(req!.id);
    expect([row.fulfilled_by, row.fulfilled_via, row.fulfilled_document_id]).toEqual([null, null, null]);
  });
});

describe('refusals', () => {
  it("another customer's request or document is not found (404), whoever asks; nothing changes", async () => {
    const ticketA = await openTicket(t, alice);
    const [reqA] = await ask(ticketA.id, { checklist: ['1098_e'] });
    const docA = await upload(alice, 'e.pdf', '1098-E Student Loan Interest');
    const docB = await upload(bob, 'e.pdf', '1098-E Student Loan Interest');
    const confirm = (agent: Agent, requestId: string, documentId: string) =>
      agent.post(`/api/v1/document-requests/${requestId}/confirm`, { document_id: documentId });
    expect((await confirm(bob, reqA!.id, docB.id)).statusCode).toBe(404);
    expect((await confirm(bob, reqA!.id, docA.id)).statusCode).toBe(404);
    expect((await confirm(alice, reqA!.id, docB.id)).statusCode).toBe(404);
    expect((await bob.post(`/api/v1/document-requests/${reqA!.id}/decline`, { document_id: docB.id })).statusCode).toBe(
      404,
    );
    expect(
      (await staff.put(`/api/v1/document-requests/${reqA!.id}/document`, { document_id: docB.id })).statusCode,
    ).toBe(404);
    expect((await confirm(alice, 'no-such-request', docA.id)).statusCode).toBe(404);
    expect(
      (await staff.put('/api/v1/document-requests/no-such-request/document', { document_id: docA.id })).statusCode,
    ).toBe(404);
    expect((await confirm(alice, reqA!.id, 'no-such-document')).statusCode).toBe(404);
    expect((await requestRow(reqA!.id)).status).toBe('open');
    const declined = await t.database.db
      .select()
      .from(documentMatchDeclines)
      .where(and(eq(documentMatchDeclines.request_id, reqA!.id)));
    expect(declined).toHaveLength(0);
    // Staff confirm nothing for the client (403), and bad input is a 422.
    expect((await confirm(staff, reqA!.id, docA.id)).statusCode).toBe(403);
    expect((await alice.post(`/api/v1/document-requests/${reqA!.id}/confirm`, {})).statusCode).toBe(422);
  });

  it('a cancelled request takes no file (409); a draft is no upload to match (422)', async () => {
    const ticket = await openTicket(t, alice);
    const [req] = await ask(ticket.id, { checklist: ['1098_t'] });
    const doc = await upload(alice, 't.pdf', '1098-T Tuition');
    expect((await staff.post(`/api/v1/document-requests/${req!.id}/cancel`)).statusCode).toBe(200);
    expect((await vault(alice)).find((d) => d.id === doc.id)!.proposed_request).toBeNull();
    expect((await alice.post(`/api/v1/document-requests/${req!.id}/confirm`, { document_id: doc.id })).statusCode).toBe(
      409,
    );
    expect((await staff.put(`/api/v1/document-requests/${req!.id}/document`, { document_id: doc.id })).statusCode).toBe(
      409,
    );
    expect((await requestRow(req!.id)).status).toBe('cancelled');

    const [open] = await ask(ticket.id, { checklist: ['1098_t'] });
    // On a cancelled ticket staff attach nothing either (409, the customer's text).
    const gone = await openTicket(t, alice);
    const [onGone] = await ask(gone.id, { checklist: ['1098_t'] });
    await forceStatus(t, gone.id, 'Cancelled');
    const late = await staff.put(`/api/v1/document-requests/${onGone!.id}/document`, { document_id: doc.id });
    expect(late.statusCode, late.body).toBe(409);
    expect((await requestRow(onGone!.id)).status).toBe('open');
    await t.database.db.update(documents).set({ kind: 'draft', visibility: 'private' }).where(eq(documents.id, doc.id));
    const draft = await staff.put(`/api/v1/document-requests/${open!.id}/document`, { document_id: doc.id });
    expect(draft.statusCode).toBe(422);
    expect(draft.json().errors[0].field).toBe('document_id');
    expect((await requestRow(open!.id)).status).toBe('open');
  });
});

describe('the API description', () => {
  it('declares the 409 of confirm, decline, choosing and taking off the file', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/v1/document-requests/{id}/confirm', 'post'],
      ['/api/v1/document-requests/{id}/decline', 'post'],
      ['/api/v1/document-requests/{id}/document', 'put'],
      ['/api/v1/document-requests/{id}/unmatch', 'post'],
    ] as const)
      expect(Object.keys(doc.paths[path]![method]!.responses), path).toContain('409');
  });
});
