import type {
  BadgeStyle,
  Contact,
  ContactDetail,
  ContactList,
  ListContactsQuery,
  PhoneLookup,
  TicketStatus,
} from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { fieldError, notFound } from '../platform/errors.ts';
import * as repo from './contacts.repository.ts';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const toContact = (r: repo.ContactRow): Contact => ({
  id: r.id,
  full_name: r.full_name,
  email: r.email,
  phone: r.phone,
  ticket_count: Number(r.ticket_count),
  last_activity_at: r.last_activity_at === null ? null : iso(r.last_activity_at),
  created_at: iso(r.created_at),
});

const encode = (c: { name: string; id: string }) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(raw: string): { name: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { name: unknown; id: unknown };
    if (typeof c.name === 'string' && typeof c.id === 'string') return { name: c.name, id: c.id };
  } catch {
    /* fall through */
  }
  throw fieldError('cursor', 'Invalid cursor.');
}

/**
 * A query written like a phone number searches phones: 7+ digits by their
 * trailing digits, fewer anywhere in the number; anything else searches name
 * and e-mail.
 */
export async function listContacts(db: Db, q: ListContactsQuery): Promise<ContactList> {
  const term = q.q?.trim() ?? '';
  const digits = term.replace(/\D/g, '');
  const phoneLike = term !== '' && /^[\d\s()+.-]+$/.test(term) && digits.length >= 3;
  const rows = await repo.listContacts(db, {
    text: term && !phoneLike ? `%${escapeLike(term)}%` : undefined,
    digits: phoneLike && digits.length < 7 ? `%${digits}%` : undefined,
    phoneSuffix: phoneLike && digits.length >= 7 ? `${[...digits].reverse().join('')}%` : undefined,
    after: q.cursor ? decode(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toContact),
    next_cursor: rows.length > q.limit && last ? encode({ name: last.full_name, id: last.id }) : null,
  };
}

export async function getContact(db: Db, id: string): Promise<ContactDetail> {
  const row = await repo.findContact(db, id);
  if (!row) throw notFound('Contact not found.');
  const tickets = await repo.contactTickets(db, id, 100);
  return {
    ...toContact(row),
    tickets: tickets.map((t) => ({
      id: t.id,
      name: t.name,
      service_name: t.service_name,
      service_type_name: t.service_type_name,
      year: t.year,
      status: t.status as TicketStatus,
      status_label: t.staff_label,
      badge: t.badge as BadgeStyle,
      updated_at: iso(t.updated_at),
    })),
  };
}

/**
 * Phones are stored in E.164. A number typed without a country code is read
 * as North American when it has ten digits (the firm's market).
 */
export function normalisePhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

export async function lookupPhone(db: Db, raw: string): Promise<PhoneLookup> {
  const phone = normalisePhone(raw);
  const customer = await repo.findCustomerByPhone(db, phone);
  return { phone, exists: customer !== null, customer };
}
