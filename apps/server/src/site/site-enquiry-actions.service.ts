import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  enquiryReplyBodySchema,
  type EnquiryReplyBody,
  type EnquiryTicketBody,
  type Language,
} from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import { customerForPerson, type CustomerInviteDeps } from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { Db } from '../platform/db/client.ts';
import { contactEnquiries, contactEnquiryReplies, tickets } from '../platform/db/schema.ts';
import { fieldError, notFound } from '../platform/errors.ts';
import { textsIn } from '../platform/i18n.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { normalisePhone } from '../platform/phone.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { checkTicketChoice, insertNewTicket } from '../tickets/index.ts';
import { getEnquiry } from './site-inbox.service.ts';
import { takeSanitised } from './site.sanitize.ts';
import { firmCountry } from './site.service.ts';

export interface EnquiryActionDeps extends CustomerInviteDeps {
  db: Db;
  hub: RealtimeHub;
  mailer: Mailer;
}
interface Actor {
  userId: string;
  ip: string;
}

/**
 * Staff answer an enquirer by e-mail: the reply, as plain text, goes through the platform's mailer (the outbox)
 * to the enquirer's address and is kept with the enquiry, audited. The row is written first: a mail that fails to
 * go out leaves the outbox's record for staff to see, never a reply sent but not recorded. What the portal adds to
 * the reply is in `language`, the replying staff member's request's (the enquirer has no saved language).
 */
export async function replyToEnquiry(
  deps: EnquiryActionDeps,
  actor: Actor,
  id: string,
  body: EnquiryReplyBody,
  language: Language,
) {
  const enquiry = await getEnquiry(deps.db, id);
  const { text } = takeSanitised(enquiryReplyBodySchema, body, '');
  await deps.db.transaction(async (tx) => {
    const replyId = randomUUID();
    await tx.insert(contactEnquiryReplies).values({ id: replyId, enquiry_id: id, author_id: actor.userId, text });
    await audit(tx, {
      actorId: actor.userId,
      action: 'site.enquiry_replied',
      entityType: 'contact_enquiry',
      entityId: id,
      ip: actor.ip,
      meta: { reply_id: replyId },
    });
  });
  const t = textsIn(language);
  await deps.mailer.send({
    to: enquiry.email,
    subject: enquiry.subject
      ? t('site.enquiryReply.subject', { subject: enquiry.subject })
      : t('site.enquiryReply.subjectNone'),
    text: [
      text,
      '',
      '---',
      t('site.enquiryReply.wrote', { date: enquiry.created_at.slice(0, 10) }),
      enquiry.message,
    ].join('\n'),
  });
  return getEnquiry(deps.db, id);
}

/**
 * An enquiry becomes a customer and a ticket in one transaction: the customer with the enquirer's e-mail (or a new
 * one, who sets a password through a mailed link), and an Open ticket for the chosen service and tax year whose
 * first message is the enquiry's. The enquiry keeps both, so a second call answers with them and creates nothing
 * (the row is locked while the first call runs). A new customer's mail is in `language`, the request's.
 */
export async function enquiryToTicket(
  deps: EnquiryActionDeps,
  actor: Actor,
  id: string,
  body: EnquiryTicketBody,
  language: Language,
) {
  const year = Number(body.year);
  const outcome = await deps.db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(contactEnquiries).where(eq(contactEnquiries.id, id)).for('update');
    if (!enquiry) throw notFound(SITE_TEXTS.enquiry.notFound);
    if (enquiry.ticket_id && enquiry.customer_id) {
      const [ticket] = await tx.select({ name: tickets.name }).from(tickets).where(eq(tickets.id, enquiry.ticket_id));
      return {
        done: { customer_id: enquiry.customer_id, ticket_id: enquiry.ticket_id, ticket_name: ticket?.name ?? '' },
        created: false,
        customerCreated: false,
        mail: null,
        events: [],
      };
    }
    const service = await checkTicketChoice(tx, { service_id: body.service_id, year });
    // The number staff enter (when the enquiry has none, or one that cannot be read), else the enquiry's: in E.164
    // by the rule the site's forms store numbers with, for the customer and the ticket alike.
    const given = (body.phone ?? '').trim();
    if (!given && !enquiry.phone.trim()) throw fieldError('phone', SITE_TEXTS.enquiry.phoneRequired);
    const phone = normalisePhone(given || enquiry.phone, {
      region: await firmCountry(tx),
      field: 'phone',
      ...(given ? {} : { message: SITE_TEXTS.enquiry.phoneUnreadable }),
    });
    const customer = await customerForPerson(
      deps,
      tx,
      { email: enquiry.email, full_name: enquiry.name, phone },
      actor,
      language,
    );
    const message = [enquiry.subject, enquiry.message].filter(Boolean).join('\n\n');
    const ticket = await insertNewTicket(tx, {
      customerId: customer.userId,
      service,
      year,
      phone,
      actorId: actor.userId,
      ip: actor.ip,
      firstMessage: message,
    });
    await tx
      .update(contactEnquiries)
      .set({
        customer_id: customer.userId,
        ticket_id: ticket.id,
        status: 'handled',
        handled_at: enquiry.handled_at ?? new Date(),
        handled_by: enquiry.handled_by ?? actor.userId,
      })
      .where(eq(contactEnquiries.id, id));
    await audit(tx, {
      actorId: actor.userId,
      action: 'site.enquiry_to_ticket',
      entityType: 'contact_enquiry',
      entityId: id,
      ip: actor.ip,
      meta: { ticket_id: ticket.id, customer_id: customer.userId, customer_created: customer.created },
    });
    return {
      done: { customer_id: customer.userId, ticket_id: ticket.id, ticket_name: ticket.name },
      created: true,
      customerCreated: customer.created,
      mail: customer.mail,
      events: ticket.events,
    };
  });
  for (const [audience, event] of outcome.events) await deps.hub.publish(audience, event);
  if (outcome.mail) await deps.mailer.send(outcome.mail);
  return { created: outcome.created, body: { ...outcome.done, created_customer: outcome.customerCreated } };
}
