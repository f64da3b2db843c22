import { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import {
  assignTicketBodySchema,
  changeStatusBodySchema,
  createDocumentRequestsBodySchema,
  createInvoiceBodySchema,
  createOrganizerBodySchema,
  createTicketBodySchema,
  invoiceListQuerySchema,
  postMessageBodySchema,
  SECTION_SCHEMAS,
  testCardPaymentBodySchema,
  type CreateDocumentRequestsBody,
  type InvoiceLineInput,
  type OrganizerDefinition,
  type QuestionnaireSection,
  type Role,
  type SectionAnswers,
  type TicketStatus,
} from '@taxportal/contract';
import {
  type BillingDeps,
  createInvoice,
  createPaymentIntent,
  createTestProvider,
  listInvoices,
  payWithTestCard,
} from '../billing/index.ts';
import { listDocumentTypes, listServices, listYears } from '../catalog/index.ts';
import { createRequests, listTicketRequests } from '../document-requests/index.ts';
import { createOrganizer, publishOrganizer } from '../organizers/index.ts';
import { type DocumentsDeps, uploadDocuments } from '../documents/index.ts';
import { approveDraft, listDrafts, uploadDraft } from '../drafts/index.ts';
import { createTicketNotifier, markAllRead } from '../notifications/index.ts';
import { loadUserWithRoles, type AuthContext } from '../platform/auth/sessions.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { saveSection } from '../questionnaire/index.ts';
import { assignTicket, changeStatus, createTicket, markRead, postMessage, type TicketsDeps } from '../tickets/index.ts';
import type { SampleFile } from './sample-files.ts';

/**
 * The machinery behind the demo's sample data: people acting through the same service functions the API
 * calls (so every row is what the app itself writes, with its rules checked), on a timeline of past dates.
 *
 * Time. Billing and documents take a clock: it is set to each step's date. Tickets, conversations,
 * notifications and the audit log are stamped by the database (`now()`), and follow-on status moves by the
 * process clock; those are written now and then moved back to their step's date by `retime` (sample-timeline.ts), which shifts
 * timestamp columns of the sample's own rows and nothing else.
 */

/** Written in the audit log's `ip` column for what the sample data did, so nobody mistakes it for a visit. */
export const SAMPLE_IP = 'demo-sample-data';

/** The sample's clock for the services that take one: a step's date, advancing a millisecond per reading. */
export class ScenarioClock {
  private at = 0;
  private tick = 0;
  set(d: Date) {
    this.at = d.getTime();
    this.tick = 0;
  }
  readonly now = (): Date => new Date(this.at + this.tick++);
}

/** Sample history happened in the past: nobody is listening, and nobody is e-mailed about it. */
const quietHub: RealtimeHub = {
  publish: async () => {},
  subscribe: () => () => {},
  connectionCount: () => 0,
  start: async () => {},
  closeConnections: () => {},
  stop: async () => {},
};
const noMail: Mailer = { send: async () => {} };

export interface EngineDeps {
  db: Db;
  /** The database runs in this process (PGlite), on the same clock. */
  oneClock: boolean;
  config: Config;
  encryptionKey: Buffer;
  sessionSecret: Buffer;
  files: FileStore;
  log: FastifyBaseLogger;
}

export interface Services {
  db: Db;
  oneClock: boolean;
  tickets: TicketsDeps;
  documents: DocumentsDeps;
  billing: BillingDeps;
  clock: ScenarioClock;
}

export function sampleServices(deps: EngineDeps): Services {
  const clock = new ScenarioClock();
  const { db, log } = deps;
  const publicUrl = deps.config.PUBLIC_URL;
  const notifier = createTicketNotifier({ db, hub: quietHub, mailer: noMail, publicUrl, log });
  return {
    db,
    oneClock: deps.oneClock,
    clock,
    tickets: {
      db,
      hub: quietHub,
      log,
      // The notification rows, in the change's transaction; not the follow-up (a live event and a mail).
      onActivity: async (tx, activity) => {
        await notifier(tx, activity);
        return async () => {};
      },
    },
    documents: {
      db,
      config: deps.config,
      encryptionKey: deps.encryptionKey,
      sessionSecret: deps.sessionSecret,
      mailer: noMail,
      hub: quietHub,
      log,
      publicUrl,
      now: clock.now,
      files: deps.files,
    },
    // Always the built-in test provider: sample payments never reach Stripe, whatever keys are configured.
    billing: {
      db,
      provider: createTestProvider(db),
      mailer: noMail,
      log,
      publicUrl,
      sessionSecret: deps.sessionSecret,
      now: clock.now,
      hub: quietHub,
    },
  };
}

/** The place a ticket will have once a step has opened it. */
export class TicketSlot {
  id: string | null = null;
  name: string | null = null;
  constructor(readonly label: string) {}
  get ref(): string {
    if (!this.id) throw new Error(`demo sample: ticket "${this.label}" is used before it is opened`);
    return this.id;
  }
}

type Part = MultipartFile | MultipartValue;

/** A multipart body as the upload services read it from @fastify/multipart: fields, then one file. */
function partsOf(fields: Record<string, string | undefined>, file: SampleFile): AsyncIterable<Part> {
  const values = Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined);
  return (async function* () {
    for (const [fieldname, value] of values) yield { type: 'field', fieldname, value } as unknown as MultipartValue;
    yield {
      type: 'file',
      fieldname: 'file',
      filename: file.filename,
      file: Readable.from([file.bytes]),
      toBuffer: async () => file.bytes,
    } as unknown as MultipartFile;
  })();
}

/** Catalogue look-ups by name, with a fallback so an edited catalogue does not stop the sample. */
export class Catalogue {
  private constructor(
    private readonly services: { id: string; name: string; service_type_id: string; price_cents: number }[],
    private readonly documentTypes: { id: string; name: string }[],
    private readonly years: number[],
  ) {}

  static async load(db: Db): Promise<Catalogue> {
    const [services, types, years] = await Promise.all([
      listServices(db, { activeOnly: true }),
      listDocumentTypes(db),
      listYears(db, { activeOnly: true }),
    ]);
    return new Catalogue(
      services.items,
      types.items,
      years.items.map((y) => y.year),
    );
  }

  service(name: string) {
    const s = this.services.find((x) => x.name === name) ?? this.services[0];
    if (!s) throw new Error('demo sample: the catalogue offers no service');
    return s;
  }
  documentType(name: string): string {
    const t = this.documentTypes.find((x) => x.name === name) ?? this.documentTypes.find((x) => x.name === 'Other');
    const id = t?.id ?? this.documentTypes[0]?.id;
    if (!id) throw new Error('demo sample: the catalogue has no document type');
    return id;
  }
  /** The year if offered, else the latest offered year before it (or the latest at all). */
  year(wanted: number): number {
    if (this.years.includes(wanted)) return wanted;
    const before = this.years.filter((y) => y < wanted);
    const pick = before.length ? Math.max(...before) : Math.max(...this.years);
    if (!Number.isFinite(pick)) throw new Error('demo sample: no tax year is offered');
    return pick;
  }
}

export async function authOf(db: Db, userId: string): Promise<AuthContext> {
  const loaded = await loadUserWithRoles(db, userId);
  if (!loaded) throw new Error(`demo sample: user ${userId} not found`);
  const { user, roles } = loaded;
  return {
    user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
    roles,
    login_role: user.login_role as Role,
    via: 'session',
    tokenScope: null,
    sessionId: null,
    csrfHash: null,
    hasFactor: true,
  };
}

/**
 * One person of the sample, doing what they would do in the portal. Each method is one request's worth of
 * work, through the service function that request's route calls, with its body parsed by the route's schema.
 */
export class Person {
  private who: AuthContext | null = null;
  constructor(
    private readonly s: Services,
    private readonly catalogue: Catalogue,
    readonly label: string,
  ) {}

  /** Who this person is signed in as; set once their account exists (staff at once, customers on sign-up). */
  async signIn(userId: string) {
    this.who = await authOf(this.s.db, userId);
  }

  get auth(): AuthContext {
    if (!this.who) throw new Error(`demo sample: ${this.label} acts before having an account`);
    return this.who;
  }

  get id() {
    return this.auth.user.id;
  }

  /** Opens a ticket for themselves or, as staff, for `customer`. */
  async openTicket(slot: TicketSlot, serviceName: string, year: number, customer?: Person) {
    const service = this.catalogue.service(serviceName);
    const body = createTicketBodySchema.parse({
      service_id: service.id,
      service_type_id: service.service_type_id,
      year: this.catalogue.year(year),
      ...(customer ? { customer_id: customer.id } : {}),
    });
    const t = await createTicket(this.s.tickets, this.auth, body, SAMPLE_IP);
    slot.id = t.id;
    slot.name = t.name;
  }

  async say(t: TicketSlot, body: string, opts: { internal?: boolean } = {}) {
    await postMessage(
      this.s.tickets,
      this.auth,
      t.ref,
      postMessageBodySchema.parse({ body, internal: opts.internal ?? false }),
    );
  }

  note(t: TicketSlot, body: string) {
    return this.say(t, body, { internal: true });
  }

  async move(t: TicketSlot, status: TicketStatus, note?: string) {
    await changeStatus(
      this.s.tickets,
      this.auth,
      t.ref,
      changeStatusBodySchema.parse({ status, ...(note ? { note } : {}) }),
      SAMPLE_IP,
    );
  }

  async assign(t: TicketSlot, to: Person) {
    await assignTicket(this.s.tickets, this.auth, t.ref, assignTicketBodySchema.parse({ user_id: to.id }), SAMPLE_IP);
  }

  async answer<S extends QuestionnaireSection>(t: TicketSlot, section: S, answers: SectionAnswers[S]) {
    const parsed = SECTION_SCHEMAS[section].parse(answers) as SectionAnswers[S];
    await saveSection(this.s.documents, this.auth, t.ref, section, parsed, SAMPLE_IP);
  }

  async askFor(t: TicketSlot, body: CreateDocumentRequestsBody) {
    await createRequests(this.s.documents, this.auth, t.ref, createDocumentRequestsBodySchema.parse(body), SAMPLE_IP);
  }

  /**
   * Uploads a file to the vault: against a ticket (and the open request with this label, when given), or to
   * their own vault without one.
   */
  async upload(t: TicketSlot | null, documentType: string, file: SampleFile, opts: { fulfils?: string } = {}) {
    let requestId: string | undefined;
    if (opts.fulfils) {
      const { items } = await listTicketRequests(this.s.documents, this.auth, t!.ref);
      const open = items.find((r) => r.label === opts.fulfils && r.status === 'open');
      if (!open) throw new Error(`demo sample: no open request "${opts.fulfils}" on ${t!.label}`);
      requestId = open.id;
    }
    const fields = {
      document_type: this.catalogue.documentType(documentType),
      ticket_id: t?.ref,
      request_id: requestId,
    };
    await uploadDocuments(this.s.documents, this.auth, partsOf(fields, file), SAMPLE_IP);
  }

  async uploadDraft(t: TicketSlot, file: SampleFile, note: string) {
    await uploadDraft(this.s.documents, this.auth, t.ref, () => partsOf({ label: 'Draft', note }, file), SAMPLE_IP);
  }

  /** Opens the ticket and reads its conversation (the ticket page marks it read). */
  async read(t: TicketSlot) {
    await markRead(this.s.tickets, this.auth, t.ref);
  }

  /** Reads the ticket, then approves its current draft. */
  async approveDraft(t: TicketSlot) {
    await this.read(t);
    const { items } = await listDrafts(this.s.documents, this.auth, t.ref);
    const current = items.find((d) => d.is_current);
    if (!current) throw new Error(`demo sample: no draft to approve on ${t.label}`);
    await approveDraft(this.s.documents, this.auth, t.ref, current.id, SAMPLE_IP);
  }

  /** Staff invoice the ticket and issue the invoice (the ticket must be in Ready For Invoice). */
  async invoice(t: TicketSlot, lines?: InvoiceLineInput[]) {
    const body = createInvoiceBodySchema.parse({ ticket_id: t.ref, issue: true, ...(lines ? { lines } : {}) });
    await createInvoice(this.s.billing, this.auth, body, SAMPLE_IP);
  }

  /** The customer reads the ticket, then pays its invoice with the test card, as the test-mode card form does. */
  async pay(t: TicketSlot) {
    await this.read(t);
    const { items } = await listInvoices(
      this.s.billing,
      this.auth,
      invoiceListQuerySchema.parse({ ticket_id: t.ref, status: 'Unpaid' }),
    );
    const invoice = items[0];
    if (!invoice) throw new Error(`demo sample: no unpaid invoice on ${t.label}`);
    const intent = await createPaymentIntent(this.s.billing, this.auth, invoice.id);
    await payWithTestCard(
      this.s.billing,
      this.auth,
      invoice.id,
      testCardPaymentBodySchema.parse({
        payment_intent_id: intent.payment_intent_id,
        card_number: '4242 4242 4242 4242',
        exp: '12/30',
        cvc: '123',
      }),
    );
  }

  /**
   * Admin builds an organizer for a service (by exact name: none if the catalogue has no such service) and a year,
   * and publishes it.
   */
  async publishOrganizer(name: string, serviceName: string, year: number, definition: OrganizerDefinition) {
    const service = this.catalogue.service(serviceName);
    if (service.name !== serviceName) return;
    const body = createOrganizerBodySchema.parse({
      name,
      service_id: service.id,
      tax_year: this.catalogue.year(year),
      definition,
    });
    const deps = { db: this.s.db, now: this.s.clock.now };
    const created = await createOrganizer(deps, this.auth, body, SAMPLE_IP);
    await publishOrganizer(deps, this.auth, created.id, SAMPLE_IP);
  }

  async readNotifications() {
    await markAllRead(this.s.db, this.auth);
  }
}
