import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, rowSchema } from '../platform/db/rows.ts';
import { documentTypes } from '../platform/db/schema.ts';
import { z } from 'zod';
import { type Agent, createCustomer, createStaff, signIn, type TestApp } from './helper.ts';
import { openTicket } from './ticket-fixtures.ts';
import { multipart, pdf } from './upload-fixtures.ts';

/**
 * One of everything a route can name, made through the API as people would: a customer and an Admin (signed
 * in, browser-like agents with CSRF), the customer's ticket with a message, a document, a document request and
 * an invoice, and what follows from them (notifications). Best effort beyond the ticket: a part that cannot be
 * made leaves its id out. For tests that call every route (the property suite, the authorization matrix).
 */
export interface World {
  customer: { id: string; email: string; agent: Agent };
  admin: { id: string; email: string; agent: Agent };
  /** Ids by the path segment that names them (`tickets`, `documents`, `invoices`…). */
  ids: Record<string, string>;
}

const jsonId = (body: string, key = 'id'): string | undefined => {
  try {
    const v = JSON.parse(body) as Record<string, unknown> & { items?: Record<string, unknown>[] };
    const found = v[key] ?? v.items?.[0]?.[key];
    return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
  } catch {
    return undefined;
  }
};

export async function makeWorld(t: TestApp): Promise<World> {
  const c = await createCustomer(t);
  const a = await createStaff(t, 'Admin');
  const customer = { ...c, agent: await signIn(t, c.email) };
  const admin = { ...a, agent: await signIn(t, a.email) };
  const ids: Record<string, string> = { contacts: c.id, users: a.id };
  const ticket = await openTicket(t, customer.agent);
  ids.tickets = ticket.id;

  const msg = await admin.agent.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'Hello from the firm' });
  const messageId = jsonId(msg.body);
  if (messageId) ids.messages = messageId;

  const [type] = await t.database.db.select({ id: documentTypes.id }).from(documentTypes).limit(1);
  const form = multipart({ document_type: type?.id ?? '', ticket_id: ticket.id }, [{ name: 'w2.pdf', data: pdf() }]);
  const up = await customer.agent.request({ method: 'POST', url: '/api/v1/documents', ...form });
  const docId = jsonId(up.body);
  if (docId) ids.documents = docId;

  const req = await admin.agent.post(`/api/v1/tickets/${ticket.id}/document-requests`, { custom: ['Your W-2'] });
  const reqId = jsonId(req.body);
  if (reqId) ids['document-requests'] = reqId;

  const inv = await admin.agent.post('/api/v1/invoices', { ticket_id: ticket.id });
  const invId = jsonId(inv.body);
  if (invId) ids.invoices = invId;

  const notes = await customer.agent.get('/api/v1/notifications');
  const noteId = jsonId(notes.body);
  if (noteId) ids.notifications = noteId;

  // A published web form with child rows, and the customer's own submission of it (signed in).
  const webForm = await admin.agent.post('/api/v1/admin/site/forms', {
    data: {
      slug: 'world-form',
      title: { en: 'World form' },
      description: { en: '' },
      fields: [
        { name: 'full_name', label: { en: 'Full name' }, type: 'text', required: true, options: [] },
        { name: 'email', label: { en: 'E-mail' }, type: 'email', required: false, options: [] },
      ],
      child_group: {
        label: { en: 'Dependants' },
        fields: [{ name: 'name', label: { en: 'Name' }, type: 'text', required: true, options: [] }],
        max_rows: 5,
      },
      submit_label: { en: 'Send' },
      success_message: { en: 'Thank you' },
    },
  });
  const formId = jsonId(webForm.body);
  if (formId) {
    ids.forms = formId;
    await admin.agent.post(`/api/v1/admin/site/forms/${formId}/publish`);
    await customer.agent.post('/api/v1/forms/world-form/submissions', {
      values: { full_name: 'World Customer' },
      rows: [{ name: 'Kid One' }, { name: 'Kid Two' }],
      started_at: Date.now() - 10_000,
    });
    const mine = await customer.agent.get('/api/v1/my/form-submissions');
    const submissionId = jsonId(mine.body);
    if (submissionId) ids['form-submissions'] = submissionId;
  }

  const token = await admin.agent.post('/api/v1/auth/tokens', { name: 'world' });
  const tokenId = jsonId(token.body);
  if (tokenId) ids.tokens = tokenId;
  return { customer, admin, ids };
}

const tableRow = rowSchema({ table_name: z.string() });
const hashRow = rowSchema({ t: z.string(), h: z.string() });

/** Row count and content hash of every table: what a refused request must leave as it was. */
export async function databaseSnapshot(t: TestApp, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = await rows(
    t.database.db,
    tableRow,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = tables.map((r) => r.table_name).filter((n) => !except.includes(n));
  const parts = names.map(
    (n) =>
      `select '${n}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`,
  );
  const res = await rows(t.database.db, hashRow, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(res.map((r) => [r.t, r.h]));
}

/** Every file in the file store (DATA_DIR/files), by name and size. */
export function fileStoreSnapshot(t: TestApp): string[] {
  const root = path.join(t.config.DATA_DIR, 'files');
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(root, p)}:${fs.statSync(p).size}`);
    }
  };
  walk(root);
  return out.sort();
}
