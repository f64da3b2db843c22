import type {
  BadgeStyle,
  Contact,
  ContactDetail,
  ContactList,
  ListContactsQuery,
  Language,
  PhoneLookup,
  TicketStatus,
} from '@taxportal/contract';
import { ADMIN_TEXTS } from '@taxportal/contract/texts';
import type { Db } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { z } from 'zod';
import { notFound } from '../platform/errors.ts';
import { statusLabelIn } from '../platform/i18n.ts';
import { keysetCursor } from '../platform/keyset-cursor.ts';
import { normalisePhone } from '../platform/phone.ts';
import { firmCountry } from '../site/index.ts';
import { languageOrNull } from '../platform/users.ts';
import { householdOf } from '../households/index.ts';
import * as repo from './contacts.repository.ts';

const toContact = (r: repo.ContactRow): Contact => ({
  id: r.id,
  full_name: r.full_name,
  email: r.email,
  phone: r.phone,
  language: languageOrNull(r.language),
  ticket_count: r.ticket_count,
  last_activity_at: r.last_activity_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** Keyset on (full_name, id). */
const cursor = keysetCursor(z.object({ name: z.string(), id: z.string() }));

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
    text: term && !phoneLike ? containsPattern(term) : undefined,
    digits: phoneLike && digits.length < 7 ? `%${digits}%` : undefined,
    phoneSuffix: phoneLike && digits.length >= 7 ? `${[...digits].reverse().join('')}%` : undefined,
    after: q.cursor ? cursor.decode(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toContact),
    next_cursor: rows.length > q.limit && last ? cursor.encode({ name: last.full_name, id: last.id }) : null,
  };
}

/** A contact and their tickets, the statuses' own labels in the reader's `language`. */
export async function getContact(db: Db, id: string, language: Language = 'en'): Promise<ContactDetail> {
  const row = await repo.findContact(db, id);
  if (!row) throw notFound(ADMIN_TEXTS.contacts.notFound);
  const [tickets, household] = await Promise.all([repo.contactTickets(db, id, 100), householdOf(db, id)]);
  return {
    ...toContact(row),
    household: (household?.members ?? []).map((m) => ({
      id: m.user_id,
      full_name: m.full_name,
      email: m.email,
      role: m.role,
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      name: t.name,
      service_name: t.service_name,
      service_type_name: t.service_type_name,
      year: t.year,
      status: t.status as TicketStatus,
      status_label: statusLabelIn(language, t.status, 'staff', t.staff_label),
      badge: t.badge as BadgeStyle,
      updated_at: t.updated_at.toISOString(),
      joint_with: t.joint_with,
    })),
  };
}

/**
 * Phones are stored in E.164 (platform/phone.ts), so the number typed is read by the same rule: in the firm's
 * country when it has no +. Any number of a possible length is looked up, even one its plan has not assigned.
 */
export async function lookupPhone(db: Db, raw: string): Promise<PhoneLookup> {
  const phone = normalisePhone(raw, { region: await firmCountry(db), field: 'phone', possible: true });
  const customer = await repo.findCustomerByPhone(db, phone);
  return { phone, exists: customer !== null, customer };
}
