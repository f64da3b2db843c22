import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passkeys, phoneCodes, userPhones, users } from '../../platform/db/schema.ts';
import { nextTotpCode, PASSWORD, uniqueEmail } from '../helper.ts';
import { pdf, png } from '../upload-fixtures.ts';
import {
  contactBody,
  PRINCIPALS,
  siteData,
  SITE_KINDS,
  settingsBody,
  submissionBody,
  TAX_PAYER,
  ticketBody,
  type Principal,
  type SiteKind,
  type World,
} from './authorization-world.ts';
import { CLIENT_IMPORT_CALLS } from './client-import-calls.ts';
import { HOUSEHOLD_DEPENDENT_CALLS } from './household-dependent-calls.ts';
import { CONSENT_CALLS } from './consent-calls.ts';
import { ENGAGEMENT_CALLS } from './engagement-calls.ts';
import { HOUSEHOLD_CALLS } from './household-calls.ts';
import { ORGANIZER_CALLS } from './organizer-calls.ts';
import { REQUEST_MATCH_CALLS } from './request-match-calls.ts';
import { THIRD_PARTY_CALLS } from './third-party-calls.ts';

/**
 * THE authorization matrix: every API route the app serves × who calls it → the status it must answer.
 * authorization-matrix.test.ts walks the app's own route list: a served route missing here fails, and so does a
 * line here for a route the app no longer serves. How to add a route: README.md in this folder.
 *
 * Columns (authorization-world.ts): anon = no credentials; ownr = the customer every object belongs to;
 * othr = another customer; admn = Admin, care = Customer Care Department, prep = Tax Preparer, rev = Reviewer;
 * tok = an API token of the owner; stok = an API token of the Admin.
 * API.md: 401 without a session, 403 for a role the caller lacks, 404 for what the caller may not know exists
 * (another customer's object). A route for some roles only (the contract's `roles`) refuses every caller without one
 * with 403 before it reads the id, the query or the body, so that 403 tells another customer nothing and a
 * malformed request describes nothing either (the test calls each refused cell again with nothing).
 */
export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body. */
  form?: { fields: Record<string, string>; file?: { name: string; data: Buffer } };
  /** Over real HTTP, status only: an event stream never ends under inject. */
  stream?: boolean;
}
export type CallFor = (w: World, p: Principal) => Call | Promise<Call>;

export interface Row {
  expect: Record<Principal, number>;
  call?: CallFor;
  /** The call ends or changes the caller's own session or password: use fresh people for this row. */
  freshCallers?: boolean;
}

/** The table's columns, in order. */
const COLUMNS = PRINCIPALS;
const isStaff = (p: Principal) => ['admin', 'care', 'preparer', 'reviewer', 'staffToken'].includes(p);

type Cells = [number, number, number, number, number, number, number, number, number];
const r = (...args: [...Cells, CallFor?] | [...Cells, CallFor | undefined, { freshCallers: true }]): Row => {
  const cells = args.slice(0, 9) as Cells;
  const call = args[9] as CallFor | undefined;
  const opts = args[10] as { freshCallers?: boolean } | undefined;
  return {
    expect: Object.fromEntries(COLUMNS.map((p, i) => [p, cells[i]!])) as Record<Principal, number>,
    ...(call ? { call } : {}),
    ...(opts?.freshCallers ? { freshCallers: true } : {}),
  };
};
const FRESH = { freshCallers: true } as const;

/** A status move each caller may make, on a fresh ticket of the owner in the status it starts from. */
const MOVE: Record<Principal, [from: 'Open' | 'Tax Preparation', to: string]> = {
  anon: ['Open', 'Cancelled'],
  owner: ['Open', 'Cancelled'],
  other: ['Open', 'Cancelled'],
  token: ['Open', 'Cancelled'],
  admin: ['Open', 'Tax Preparation'],
  staffToken: ['Open', 'Tax Preparation'],
  care: ['Open', 'Tax Preparation'],
  preparer: ['Open', 'Tax Preparation'],
  reviewer: ['Tax Preparation', 'Required More Information'],
};

/** A WebAuthn response of the right shape whose client data names no challenge the server gave. */
const fakeWebauthn = (kind: 'attestation' | 'assertion') => {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'not-ours' })).toString(
    'base64url',
  );
  const response =
    kind === 'attestation'
      ? { clientDataJSON, attestationObject: 'AAAA' }
      : { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' };
  return { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response, clientExtensionResults: {} };
};
/** A passkey of the owner, stored as registration would store it (rename and remove never read its key). */
const ownerPasskey = async (w: World) => {
  const id = randomBytes(16).toString('base64url');
  await w.t.database.db
    .insert(passkeys)
    .values({ id, user_id: w.ids.owner, name: 'Matrix key', public_key: 'AAAA', counter: 0 });
  return id;
};

/**
 * The owner's phone, verified, with no codes yet: each call texts one without meeting the last one's cooldown
 * (signing's texted code, docs/decisions/0021-a).
 */
const ownerVerifiedPhone = async (w: World) => {
  const phone = '+12025550177';
  const db = w.t.database.db;
  await db.update(users).set({ phone }).where(eq(users.id, w.ids.owner));
  await db.insert(userPhones).values({ user_id: w.ids.owner, phone }).onConflictDoNothing();
  await db.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
};

/** How each route is called. A route without path parameters or a body needs none. */
const ticket: CallFor = (w) => ({ params: { id: w.ticket.id } });
const section: CallFor = (w) => ({ params: { id: w.ticket.id }, body: {} });
/** The tax payer section keeps the SSN that `reveal` reads. */
const taxPayer: CallFor = (w) => ({ params: { id: w.ticket.id }, body: TAX_PAYER });
const catalogItem =
  (kind: 'service-types' | 'services' | 'document-types' | 'tax-templates', body?: unknown): CallFor =>
  async (w) => ({ params: { id: await w.fresh.catalog(kind) }, ...(body === undefined ? {} : { body }) });
let phoneSeq = 0;
const nextPhone = () => `+1202555${String(2000 + (++phoneSeq % 8000)).padStart(4, '0')}`;
const C = {
  ...CLIENT_IMPORT_CALLS,
  ...ORGANIZER_CALLS,
  ...HOUSEHOLD_DEPENDENT_CALLS,
  ...HOUSEHOLD_CALLS,
  ...CONSENT_CALLS,
  ...ENGAGEMENT_CALLS,
  ...REQUEST_MATCH_CALLS,
  ...THIRD_PARTY_CALLS,
  register: (() => ({
    body: { full_name: 'New Person', email: uniqueEmail('register'), phone: '+12025550123', password: PASSWORD },
  })) as CallFor,
  exists: (() => ({ query: { email: 'nobody@example.test' } })) as CallFor,
  /** Staff give their code (a browser they trusted does not need it; a token's caller has no such browser). */
  login: ((w, p) => {
    const email = w.callers[p].email ?? 'nobody@example.test';
    const otp = nextTotpCode(email);
    return { body: { email, password: PASSWORD, ...(otp ? { otp } : {}) } };
  }) as CallFor,
  changePassword: (() => ({
    body: { old_password: PASSWORD, new_password: 'a-new-password-1', confirm_password: 'a-new-password-1' },
  })) as CallFor,
  resetRequest: (() => ({ body: { email: 'nobody@example.test' } })) as CallFor,
  resetConfirm: (() => ({ body: { token: 'not-a-reset-token', new_password: 'a-new-password-1' } })) as CallFor,
  tokenName: (() => ({ body: { name: 'matrix' } })) as CallFor,
  /** A number of its own per call: the resend cooldown is per number. */
  phoneStart: (() => ({ body: { phone: nextPhone() } })) as CallFor,
  phoneCode: (() => ({ body: { phone: nextPhone(), code: '123456' } })) as CallFor,
  oidc: (() => ({ params: { provider: 'google' } })) as CallFor,
  oidcCallback: (() => ({ params: { provider: 'google' }, query: { state: 'x', code: 'y' } })) as CallFor,
  oidcFormPost: (() => ({ params: { provider: 'apple' }, body: { state: 'x', code: 'y' } })) as CallFor,
  oidcLink: (() => ({ body: { password: PASSWORD } })) as CallFor,
  revokeToken: (async (w) => ({ params: { id: await w.fresh.ownerToken() } })) as CallFor,
  revokeSession: (async (w) => {
    // Rows that run earlier leave keys on the owner (ownerPasskey), and a passkey is a second factor: with one the
    // password alone would not sign the owner in a second time.
    await w.t.database.db.delete(passkeys).where(eq(passkeys.user_id, w.ids.owner));
    return { params: { id: await w.fresh.ownerSession() } };
  }) as CallFor,
  language: (() => ({ body: { language: 'en' } })) as CallFor,
  emailChange: (() => ({ body: { new_email: uniqueEmail('new-address'), password: PASSWORD } })) as CallFor,
  emailConfirm: (() => ({ body: { token: 'not-an-email-change-token' } })) as CallFor,
  closeAccount: (() => ({ body: { password: PASSWORD } })) as CallFor,
  staffRoles: (async (w) => ({
    params: { id: await w.fresh.staffUser() },
    body: { roles: ['Tax Preparer', 'Reviewer'] },
  })) as CallFor,
  invite: (() => ({ body: { email: uniqueEmail('invited'), roles: ['Reviewer'] } })) as CallFor,
  /** A new one each call: revoking uses it up, and its first resend may follow at once. */
  invitation: (async (w) => ({ params: { id: await w.fresh.invitation() } })) as CallFor,
  acceptInvitation: (() => ({
    body: { token: 'not-an-invitation-token', full_name: 'New Staff', password: 'a-new-password-1' },
  })) as CallFor,
  checkInvitation: (() => ({ body: { token: 'not-an-invitation-token' } })) as CallFor,
  mfaCode: (() => ({ body: { code: '000000' } })) as CallFor,
  mfaDisable: (() => ({ body: { password: PASSWORD, code: '000000' } })) as CallFor,
  /** A well-formed WebAuthn answer to no challenge of ours: refused (400) whoever sends it. */
  passkeyResponse: (() => ({ body: { response: fakeWebauthn('attestation') } })) as CallFor,
  passkeyAssertion: (() => ({ body: { response: fakeWebauthn('assertion') } })) as CallFor,
  passkey: (async (w) => ({ params: { id: await ownerPasskey(w) } })) as CallFor,
  renamePasskey: (async (w) => ({ params: { id: await ownerPasskey(w) }, body: { name: 'Laptop' } })) as CallFor,
  staffFactors: (async (w) => ({ params: { id: await w.fresh.staffUser() } })) as CallFor,
  ticket,
  /** Everyone names the owner as the ticket's customer: staff may, the owner is that customer, another may not. */
  createTicket: (async (w) => ({ body: { ...(await ticketBody(w.t)), customer_id: w.ids.owner } })) as CallFor,
  move: (async (w, p) => {
    const [from, to] = MOVE[p];
    return { params: { id: (await w.fresh.ticket(from)).id }, body: { status: to } };
  }) as CallFor,
  assign: ((w) => ({ params: { id: w.ticket.id }, body: { user_id: w.ids.preparer } })) as CallFor,
  message: ((w) => ({ params: { id: w.ticket.id }, body: { body: 'A message in the matrix' } })) as CallFor,
  notification: ((w) => ({ params: { id: w.notification } })) as CallFor,
  preferences: (() => ({ body: { email_on_status_change: true } })) as CallFor,
  events: (() => ({ stream: true })) as CallFor,
  contact: ((w) => ({ params: { id: w.ids.owner } })) as CallFor,
  /** The owner's branch of the referral tree: another customer may not know it exists. */
  referralTree: ((w) => ({ query: { root: w.ids.owner } })) as CallFor,
  referralInvite: (() => ({ body: { email: uniqueEmail('invitee') } })) as CallFor,
  referralReward: (() => ({ body: { reward_cents: 0 } })) as CallFor,
  phone: (() => ({ query: { phone: '+12025550199' } })) as CallFor,
  createInvoice: (async (w) => ({ body: { ticket_id: (await w.fresh.ticket('Ready For Invoice')).id } })) as CallFor,
  invoice: ((w) => ({ params: { id: w.invoice } })) as CallFor,
  patchInvoice: ((w) => ({ params: { id: w.draftInvoice }, body: { due_date: '2030-01-31' } })) as CallFor,
  issueInvoice: (async (w) => ({ params: { id: await w.fresh.invoice(false) } })) as CallFor,
  cancelInvoice: (async (w) => ({ params: { id: await w.fresh.invoice(true) }, body: {} })) as CallFor,
  shared: ((w) => ({ params: { token: w.shareToken } })) as CallFor,
  intent: (async (w) => ({ params: { id: await w.fresh.invoice(true) } })) as CallFor,
  confirmPayment: (async (w) => {
    const paid = await w.fresh.paid();
    return { params: { id: paid.invoice }, body: { payment_intent_id: paid.intent } };
  }) as CallFor,
  testCard: (async (w) => {
    const i = await w.fresh.intent();
    return {
      params: { id: i.invoice },
      body: { payment_intent_id: i.intent, card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
    };
  }) as CallFor,
  refund: (async (w) => ({ params: { id: (await w.fresh.paid()).payment }, body: {} })) as CallFor,
  webhook: (() => ({ body: { type: 'payment_intent.succeeded' } })) as CallFor,
  upload: ((w) => ({
    form: {
      fields: { document_type: w.documentTypeId, ticket_id: w.ticket.id },
      file: { name: 'w2.pdf', data: pdf('MATRIX-UPLOAD') },
    },
  })) as CallFor,
  documentFile: ((w) => ({ params: { id: w.document } })) as CallFor,
  thumbnail: ((w) => ({ params: { id: w.image } })) as CallFor,
  deleteDocument: (async (w) => ({ params: { id: await w.fresh.document() } })) as CallFor,
  createRequests: ((w) => ({ params: { id: w.ticket.id }, body: { custom: ['Form 1098'] } })) as CallFor,
  cancelRequest: (async (w) => ({ params: { id: await w.fresh.request() } })) as CallFor,
  section,
  taxPayer,
  /** Lists asked for the owner's objects: another customer still sees only their own. */
  ownersTickets: ((w) => ({ query: { customer: w.ids.owner } })) as CallFor,
  /** `customer` is a staff filter (a customer sending it is refused: 403). */
  ownersInvoices: ((w, p) => ({
    query: { ticket_id: w.ticket.id, ...(isStaff(p) ? { customer: w.ids.owner } : {}) },
  })) as CallFor,
  ownersDocuments: ((w) => ({ query: { customer_id: w.ids.owner, ticket_id: w.ticket.id } })) as CallFor,
  ownersRequests: ((w) => ({ query: { customer_id: w.ids.owner } })) as CallFor,
  ownersQuestionnaires: ((w) => ({ query: { customer_id: w.ids.owner } })) as CallFor,
  reveal: ((w) => ({ params: { id: w.ticket.id }, body: { field: 'tax_payer.ssn' } })) as CallFor,
  drafts: ((w) => ({ params: { id: w.draftTicket } })) as CallFor,
  uploadDraft: ((w) => ({
    params: { id: w.draftTicket },
    form: { fields: {}, file: { name: 'draft.pdf', data: pdf('MATRIX-DRAFT-2') } },
  })) as CallFor,
  labelDraft: ((w) => ({ params: { id: w.draftTicket, draftId: w.draft }, body: { label: 'Draft' } })) as CallFor,
  approve: (async (w) => {
    const d = await w.fresh.draft();
    return { params: { id: d.ticket, draftId: d.draft } };
  }) as CallFor,
  requestChanges: (async (w) => {
    const d = await w.fresh.draft();
    return { params: { id: d.ticket, draftId: d.draft }, body: { message: 'Please fix line 2' } };
  }) as CallFor,
  signing: ((w) => ({ params: { id: w.signingTicket } })) as CallFor,
  prepareSigning: (async (w) => ({ params: { id: (await w.fresh.ticket()).id }, body: {} })) as CallFor,
  uploadSigning: (async (w) => ({
    params: { id: (await w.fresh.ticket()).id },
    form: { fields: {}, file: { name: '8879.pdf', data: pdf('MATRIX-8879') } },
  })) as CallFor,
  spouseCode: (async (w) => ({ params: { id: await w.fresh.signing(true) } })) as CallFor,
  confirmSigner: (async (w) => ({
    params: { id: await w.fresh.signing() },
    body: { signer: 'taxpayer', factor: 'password', password: PASSWORD },
  })) as CallFor,
  signingSmsCode: (async (w) => {
    await ownerVerifiedPhone(w);
    return { params: { id: await w.fresh.signing() } };
  }) as CallFor,
  signingPasskeyOptions: (async (w) => {
    await ownerPasskey(w);
    return { params: { id: await w.fresh.signing() } };
  }) as CallFor,
  // The world keeps the firm's stricter check off (authorization-world.ts); so does this call.
  signingSettings: (() => ({ body: { strict_identity: false } })) as CallFor,
  sign: (async (w) => {
    const id = await w.fresh.signing();
    const confirmation = await w.fresh.confirmation(id);
    return {
      params: { id },
      body: { signer: 'taxpayer', confirmation, signer_name: 'Test Customer', method: 'typed', typed_signature: 'T C' },
    };
  }) as CallFor,
  serviceType: catalogItem('service-types', { description: 'Changed' }),
  service: catalogItem('services', { description: 'Changed' }),
  documentType: catalogItem('document-types', { description: 'Changed' }),
  taxTemplate: catalogItem('tax-templates', { description: 'Changed' }),
  deleteServiceType: catalogItem('service-types'),
  deleteService: catalogItem('services'),
  deleteDocumentType: catalogItem('document-types'),
  deleteTaxTemplate: catalogItem('tax-templates'),
  newServiceType: (() => ({ body: { name: `Matrix ${Math.random()}` } })) as CallFor,
  newService: (async (w) => ({
    body: {
      service_type_id: (await ticketBody(w.t)).service_type_id,
      name: `Matrix ${Math.random()}`,
      price_cents: 100,
    },
  })) as CallFor,
  newYear: ((_w, p) => ({ body: { year: 2040 + COLUMNS.indexOf(p), active: false } })) as CallFor,
  year: (async (w) => ({ params: { year: await w.fresh.year() }, body: { active: false } })) as CallFor,
  deleteYear: (async (w) => ({ params: { year: await w.fresh.year() } })) as CallFor,
  newDocumentType: (() => ({ body: { name: `Matrix ${Math.random()}` } })) as CallFor,
  newTaxTemplate: (() => ({ body: { name: `Matrix ${Math.random()}`, rate_bp: 100 } })) as CallFor,
} satisfies Record<string, CallFor>;

/**
 * Cells the code answers wrongly today and another branch fixes: the test passes while the answer stays as it
 * is and fails once it matches, so the line is taken out when the fix lands. `ROUTE × principal` → who fixes it.
 */
export const KNOWN_GAPS: Record<string, string> = {};

/** The public site: published entries of each kind; the editor's calls on a kind's entries. */
const published =
  (kind: SiteKind): CallFor =>
  (w) => ({ params: { slug: w.site.published[kind].slug } });
const S = {
  page: ((w) => ({ params: { route: w.site.published.pages.slug } })) as CallFor,
  blog: published('posts'),
  gallery: published('galleries'),
  event: published('events'),
  job: published('jobs'),
  form: published('forms'),
  submit: ((w) => ({ params: { slug: w.site.published.forms.slug }, body: submissionBody() })) as CallFor,
  contact: (() => ({ body: contactBody() })) as CallFor,
  settings: (async (w) => ({ body: await settingsBody(w.t) })) as CallFor,
  restoreSettings: (async (w) => ({ params: { revisionId: await w.fresh.settingsRevision() } })) as CallFor,
  enquiry: ((w) => ({ params: { id: w.site.enquiry } })) as CallFor,
  handled: (async (w) => ({ params: { id: await w.fresh.enquiry() } })) as CallFor,
  submissions: ((w) => ({ params: { id: w.site.published.forms.id } })) as CallFor,
  submission: ((w) => ({ params: { id: w.site.submission } })) as CallFor,
  submissionHandled: (async (w) => ({ params: { id: await w.fresh.submission() } })) as CallFor,
  reply: ((w) => ({ params: { id: w.site.enquiry }, body: { text: 'Thank you, we will call you.' } })) as CallFor,
  enquiryTicket: (async (w) => ({
    params: { id: await w.fresh.enquiry() },
    body: { ...(await ticketBody(w.t)), phone: '+1 202 555 0100' },
  })) as CallFor,
  grant: (async (w) => ({ body: { user_id: await w.fresh.staffUser() } })) as CallFor,
  mediaFile: ((w) => ({ params: { file: w.site.media.file } })) as CallFor,
  media: ((w) => ({ params: { id: w.site.media.id }, body: { alt: { en: 'Alt' } } })) as CallFor,
  freshMedia: (async (w) => ({ params: { id: await w.fresh.media() } })) as CallFor,
  uploadMedia: (async () => ({
    form: { fields: { alt: 'New' }, file: { name: 'n.png', data: await png() } },
  })) as CallFor,
  submissionFile: ((w) => ({ params: w.site.submissionFile })) as CallFor,
  mySubmission: ((w) => ({ params: { id: w.site.submissionFile.id } })) as CallFor,
  // The owner's edit keeps the file sent with it (a file field's value names the file it keeps).
  editMySubmission: ((w) => ({
    params: { id: w.site.submissionFile.id },
    body: { values: { full_name: 'Sam Seeker-Edited', attachment: w.site.submissionFile.fileId }, rows: [] },
  })) as CallFor,
  revoke: (async (w) => ({ params: { userId: await w.fresh.siteEditor() } })) as CallFor,
};
/** Admins and site editors only (none of the matrix's staff is an editor): every other caller 403. */
const editor = (ok: number, call?: CallFor) => r(401, 403, 403, ok, 403, 403, 403, 403, ok, call);
/** One kind's nine editor endpoints: what is read is the kind's draft; what is changed a fresh entry. */
function siteKindLines(kind: SiteKind): Record<string, Row> {
  const base = `/api/v1/admin/site/${kind}`;
  const draft: CallFor = (w) => ({ params: { id: w.site.drafts[kind].id } });
  const entry =
    (publish: boolean, withBody = false): CallFor =>
    async (w) => {
      const e = await w.fresh.siteEntry(kind, publish);
      return { params: { id: e.id }, ...(withBody ? { body: siteData(kind, e.slug) } : {}) };
    };
  return {
    [`GET ${base}`]: editor(200),
    [`POST ${base}`]: editor(201, () => ({ body: siteData(kind, `m-${Math.random().toString(36).slice(2, 10)}`) })),
    [`GET ${base}/:id`]: editor(200, draft),
    [`PUT ${base}/:id`]: editor(200, entry(false, true)),
    [`POST ${base}/:id/publish`]: editor(200, entry(false)),
    [`POST ${base}/:id/unpublish`]: editor(200, entry(true)),
    [`DELETE ${base}/:id`]: editor(204, entry(false)),
    [`GET ${base}/:id/revisions`]: editor(200, draft),
    [`POST ${base}/:id/revisions/:revisionId/restore`]: editor(200, async (w) => {
      const e = await w.fresh.siteRevision(kind);
      return { params: { id: e.id, revisionId: e.revision } };
    }),
  };
}
const siteEditorLines = Object.assign({}, ...SITE_KINDS.map(siteKindLines)) as Record<string, Row>;

// prettier-ignore
export const MATRIX: Record<string, Row> = {
  //                                                           anon ownr othr admn care prep rev  tok  stok
  'GET /api/health':                                         r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/ready':                                          r(200, 200, 200, 200, 200, 200, 200, 200, 200),

  // Accounts. Sign-in ends the session it replaces and a password change the others: fresh people for those.
  'POST /api/v1/auth/register':                              r(201, 201, 201, 201, 201, 201, 201, 201, 201, C.register),
  'GET /api/v1/auth/exists':                                 r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.exists),
  'POST /api/v1/auth/login':                                 r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.login, FRESH),
  'GET /api/v1/auth/session':                                r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/auth/change-password':                       r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.changePassword, FRESH),
  'POST /api/v1/auth/password-reset':                        r(202, 202, 202, 202, 202, 202, 202, 202, 202, C.resetRequest),
  'POST /api/v1/auth/password-reset/confirm':                r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.resetConfirm),
  'GET /api/v1/auth/tokens':                                 r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/auth/tokens':                                r(401, 201, 201, 201, 201, 201, 201, 403, 403, C.tokenName),
  'DELETE /api/v1/auth/tokens/:id':                          r(401, 204, 404, 404, 404, 404, 404, 204, 404, C.revokeToken),
  'GET /api/v1/auth/mfa':                                    r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  // Staff have a TOTP app already (409); a token cannot change factors (403).
  'POST /api/v1/auth/mfa/setup':                             r(401, 200, 200, 409, 409, 409, 409, 403, 403),
  'POST /api/v1/auth/mfa/enable':                            r(401, 409, 409, 409, 409, 409, 409, 403, 403, C.mfaCode, FRESH),
  // Customers have no TOTP app to turn off (409); staff may not drop their only factor (403).
  'POST /api/v1/auth/mfa/disable':                           r(401, 409, 409, 403, 403, 403, 403, 403, 403, C.mfaDisable),
  'POST /api/v1/auth/passkeys/register/options':             r(401, 200, 200, 200, 200, 200, 200, 403, 403),
  'POST /api/v1/auth/passkeys/register/verify':              r(401, 400, 400, 400, 400, 400, 400, 403, 403, C.passkeyResponse),
  'POST /api/v1/auth/passkeys/login/options':                r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/auth/passkeys/login/verify':                 r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.passkeyAssertion),
  'PATCH /api/v1/auth/passkeys/:id':                         r(401, 200, 404, 404, 404, 404, 404, 403, 403, C.renamePasskey),
  'DELETE /api/v1/auth/passkeys/:id':                        r(401, 204, 404, 404, 404, 404, 404, 403, 403, C.passkey),
  // Any person's factors: a staff member's (staff page) or a customer's (contact page; mfa.test.ts covers that).
  'DELETE /api/v1/admin/staff/:id/factors':                  r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.staffFactors),
  'POST /api/v1/auth/logout':                                r(200, 200, 200, 200, 200, 200, 200, 200, 200, undefined, FRESH),
  // The caller's sessions and devices; ending all others also ends a token holder's sessions: fresh people.
  'GET /api/v1/auth/sessions':                               r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'DELETE /api/v1/auth/sessions/:id':                        r(401, 204, 404, 404, 404, 404, 404, 204, 404, C.revokeSession),
  'DELETE /api/v1/auth/sessions':                            r(401, 200, 200, 200, 200, 200, 200, 200, 200, undefined, FRESH),
  // My profile: everyone their own. E-mail change and closing the account need a signed-in person (not a token);
  // staff accounts are closed by an Admin.
  'GET /api/v1/profile':                                     r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'PATCH /api/v1/profile':                                   r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.language),
  'POST /api/v1/profile/email-change':                       r(401, 202, 202, 202, 202, 202, 202, 403, 403, C.emailChange),
  'POST /api/v1/profile/email-change/confirm':               r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.emailConfirm),
  'GET /api/v1/profile/export':                              r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/profile/close':                              r(401, 200, 200, 403, 403, 403, 403, 403, 403, C.closeAccount, FRESH),
  // Staff management: Admin only; accepting an invitation is public (the token is the proof).
  'GET /api/v1/admin/staff':                                 r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'PATCH /api/v1/admin/staff/:id':                           r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.staffRoles),
  'POST /api/v1/admin/staff/invitations':                    r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.invite),
  'DELETE /api/v1/admin/staff/invitations/:id':              r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.invitation),
  'POST /api/v1/admin/staff/invitations/:id/resend':         r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.invitation),
  'POST /api/v1/auth/invitations/check':                     r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.checkInvitation),
  'POST /api/v1/auth/invitations/accept':                    r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.acceptInvitation),
  // Phone and social sign-in (auth/sign-in-methods.routes.ts): public but for verifying the caller's own number.
  'GET /api/v1/auth/methods':                                r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/auth/phone/start':                           r(202, 202, 202, 202, 202, 202, 202, 202, 202, C.phoneStart),
  'POST /api/v1/auth/phone/verify':                          r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.phoneCode),
  'POST /api/v1/auth/phone/verification/start':              r(401, 202, 202, 202, 202, 202, 202, 202, 202, C.phoneStart),
  'POST /api/v1/auth/phone/verification/verify':             r(401, 400, 400, 400, 400, 400, 400, 400, 400, C.phoneCode),
  'GET /api/v1/auth/oidc/:provider/start':                   r(302, 302, 302, 302, 302, 302, 302, 302, 302, C.oidc),
  'GET /api/v1/auth/oidc/:provider/callback':                r(302, 302, 302, 302, 302, 302, 302, 302, 302, C.oidcCallback),
  // Apple's form post, sent on to the GET callback; a browser session posting it still needs the CSRF header.
  'POST /api/v1/auth/oidc/:provider/callback':               r(303, 303, 303, 303, 303, 303, 303, 303, 303, C.oidcFormPost),
  'GET /api/v1/auth/oidc/link':                              r(404, 404, 404, 404, 404, 404, 404, 404, 404),
  'POST /api/v1/auth/oidc/link':                             r(404, 404, 404, 404, 404, 404, 404, 404, 404, C.oidcLink),
  'GET /api/v1/admin/outbox':                                r(401, 403, 403, 200, 403, 403, 403, 403, 200),

  // Catalogue: anyone reads what is offered; staff read all of it; only Admin changes it.
  'GET /api/v1/catalog/service-types':                       r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/catalog/services':                            r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/catalog/years':                               r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/catalog/document-types':                      r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/admin/catalog/service-types':                 r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/admin/catalog/service-types':                r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.newServiceType),
  'PATCH /api/v1/admin/catalog/service-types/:id':           r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.serviceType),
  'DELETE /api/v1/admin/catalog/service-types/:id':          r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.deleteServiceType),
  'GET /api/v1/admin/catalog/services':                      r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/admin/catalog/services':                     r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.newService),
  'PATCH /api/v1/admin/catalog/services/:id':                r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.service),
  'DELETE /api/v1/admin/catalog/services/:id':               r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.deleteService),
  'GET /api/v1/admin/catalog/years':                         r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/admin/catalog/years':                        r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.newYear),
  'PATCH /api/v1/admin/catalog/years/:year':                 r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.year),
  'DELETE /api/v1/admin/catalog/years/:year':                r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.deleteYear),
  'GET /api/v1/admin/catalog/document-types':                r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/admin/catalog/document-types':               r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.newDocumentType),
  'PATCH /api/v1/admin/catalog/document-types/:id':          r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.documentType),
  'DELETE /api/v1/admin/catalog/document-types/:id':         r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.deleteDocumentType),
  'GET /api/v1/admin/catalog/tax-templates':                 r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/admin/catalog/tax-templates':                r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.newTaxTemplate),
  'PATCH /api/v1/admin/catalog/tax-templates/:id':           r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.taxTemplate),
  'DELETE /api/v1/admin/catalog/tax-templates/:id':          r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.deleteTaxTemplate),

  // Tickets and their conversation.
  'GET /api/v1/tickets':                                     r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.ownersTickets),
  'POST /api/v1/tickets':                                    r(401, 201, 403, 201, 201, 201, 201, 201, 201, C.createTicket),
  'GET /api/v1/tickets/:id':                                 r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'POST /api/v1/tickets/:id/status':                         r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.move),
  'GET /api/v1/tickets/:id/history':                         r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'POST /api/v1/tickets/:id/assign':                         r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.assign),
  'GET /api/v1/tickets/:id/assignments':                     r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.ticket),
  'GET /api/v1/users':                                       r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'GET /api/v1/tickets/:id/messages':                        r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'POST /api/v1/tickets/:id/messages':                       r(401, 201, 404, 201, 201, 201, 201, 201, 201, C.message),
  'POST /api/v1/tickets/:id/read':                           r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'GET /api/v1/dashboard':                                   r(401, 200, 200, 200, 200, 200, 200, 200, 200),

  // Notifications and the event stream: each person's own.
  'GET /api/v1/notifications':                               r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/notifications/:id/read':                     r(401, 200, 404, 404, 404, 404, 404, 200, 404, C.notification),
  'POST /api/v1/notifications/read-all':                     r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/notifications/preferences':                   r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'PUT /api/v1/notifications/preferences':                   r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.preferences),
  'GET /api/v1/events':                                      r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.events),

  // Contacts: staff only.
  'GET /api/v1/contacts':                                    r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'GET /api/v1/contacts/phone-lookup':                       r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.phone),
  'GET /api/v1/contacts/:id':                                r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.contact),
  'GET /api/v1/contacts/:id/notes':                          r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.clientNotes),
  // Client import (issue 32): Admin only, each import its Admin's; the invitee's link check is public.
  'POST /api/v1/admin/client-imports':                       r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.clientImportUpload),
  'GET /api/v1/admin/client-imports':                        r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'GET /api/v1/admin/client-imports/:id':                    r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImport),
  'PUT /api/v1/admin/client-imports/:id/mapping':            r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImportMapping),
  'POST /api/v1/admin/client-imports/:id/dry-run':           r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImportMapped),
  'GET /api/v1/admin/client-imports/:id/rows':               r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImportRows),
  'POST /api/v1/admin/client-imports/:id/commit':            r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImportChecked),
  'POST /api/v1/admin/client-imports/:id/invitations':       r(401, 403, 403, 202, 403, 403, 403, 403, 202, C.clientImportInvite),
  'GET /api/v1/admin/client-imports/:id/invitations':        r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.clientImportInvited),
  'POST /api/v1/admin/client-imports/:id/invitations/:invitationId/resend': r(401, 403, 403, 202, 403, 403, 403, 403, 202, C.clientInvitation),
  'POST /api/v1/admin/client-imports/:id/invitations/resend-unopened': r(401, 403, 403, 202, 403, 403, 403, 403, 202, C.clientImportInvited),
  'POST /api/v1/client-invitations/open':                    r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.clientInvitationOpen),

  // Referrals: a customer's own link, counts and branch (another's branch is 404); staff the whole tree; Admin
  // the reward rule.
  'GET /api/v1/referrals/dashboard':                         r(401, 200, 200, 403, 403, 403, 403, 200, 403),
  'GET /api/v1/referrals/tree':                              r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.referralTree),
  'POST /api/v1/referrals/invitations':                      r(401, 202, 202, 403, 403, 403, 403, 202, 403, C.referralInvite),
  'GET /api/v1/admin/referrals/settings':                    r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'PUT /api/v1/admin/referrals/settings':                    r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.referralReward),

  // Billing. Staff invoice; the customer pays; only Admin refunds; Stripe and share links are public.
  'GET /api/v1/invoices':                                    r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.ownersInvoices),
  'POST /api/v1/invoices':                                   r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.createInvoice),
  'GET /api/v1/invoices/:id':                                r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.invoice),
  'PATCH /api/v1/invoices/:id':                              r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.patchInvoice),
  'POST /api/v1/invoices/:id/issue':                         r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.issueInvoice),
  'POST /api/v1/invoices/:id/cancel':                        r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.cancelInvoice),
  // A ticket's live invoice, by the ticket: as the ticket (another customer: 404, as an unknown ticket).
  'GET /api/v1/tickets/:id/invoice':                          r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'GET /api/v1/invoices/:id/pdf':                            r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.invoice),
  'POST /api/v1/invoices/:id/share':                         r(401, 201, 404, 201, 201, 201, 201, 201, 201, C.invoice),
  'DELETE /api/v1/invoices/:id/share':                       r(401, 204, 404, 204, 204, 204, 204, 204, 204, C.invoice),
  'GET /api/v1/invoices/shared/:token':                      r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.shared),
  'GET /api/v1/invoices/shared/:token/pdf':                  r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.shared),
  'GET /api/v1/payments/config':                             r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'POST /api/v1/invoices/:id/payment-intent':                r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.intent),
  'POST /api/v1/invoices/:id/payments/confirm':              r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.confirmPayment),
  'POST /api/v1/invoices/:id/payments/test-card':            r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.testCard),
  'GET /api/v1/payments':                                    r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'POST /api/v1/payments/:id/refund':                        r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.refund),
  'POST /api/v1/payments/stripe/webhook':                    r(404, 404, 404, 404, 404, 404, 404, 404, 404, C.webhook),

  // The document vault and document requests.
  'GET /api/v1/documents':                                   r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ownersDocuments),
  'POST /api/v1/documents':                                  r(401, 201, 404, 201, 201, 201, 201, 201, 201, C.upload),
  'GET /api/v1/documents/:id/file':                          r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.documentFile),
  'GET /api/v1/documents/:id/thumbnail':                     r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.thumbnail),
  'DELETE /api/v1/documents/:id':                            r(401, 204, 404, 204, 204, 204, 204, 204, 204, C.deleteDocument),
  'GET /api/v1/tickets/:id/document-requests':               r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'POST /api/v1/tickets/:id/document-requests':              r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.createRequests),
  'POST /api/v1/document-requests/:id/cancel':               r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.cancelRequest),
  'GET /api/v1/document-requests':                           r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.ownersRequests),
  // Uploads matched to requests: the customer confirms or declines a proposal, staff choose or take off the file.
  'POST /api/v1/document-requests/:id/confirm':              r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.requestDocument),
  'POST /api/v1/document-requests/:id/decline':              r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.requestDocument),
  'PUT /api/v1/document-requests/:id/document':              r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.requestDocument),
  'POST /api/v1/document-requests/:id/unmatch':              r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.unmatchRequest),

  // The questionnaire.
  'GET /api/v1/tickets/:id/profile':                         r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'PUT /api/v1/tickets/:id/profile/tax_payer':               r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.taxPayer),
  'PUT /api/v1/tickets/:id/profile/investment':              r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.section),
  'PUT /api/v1/tickets/:id/profile/expense':                 r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.section),
  'PUT /api/v1/tickets/:id/profile/global_asset':            r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.section),
  'POST /api/v1/tickets/:id/profile/reveal':                 r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.reveal),
  'GET /api/v1/questionnaires':                              r(401, 200, 200, 200, 200, 200, 200, 200, 200, C.ownersQuestionnaires),
  // Organizers (issue 32): templates Admin only; a ticket's organizer as its questionnaire (customer own, staff).
  'GET /api/v1/admin/organizers':                            r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'POST /api/v1/admin/organizers':                           r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.organizerNew),
  'GET /api/v1/admin/organizers/:id':                        r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.organizerTemplate),
  'PUT /api/v1/admin/organizers/:id':                        r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.organizerUpdate),
  'PUT /api/v1/admin/organizers/:id/draft':                  r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.organizerDraft),
  'POST /api/v1/admin/organizers/:id/publish':               r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.organizerTemplate),
  'DELETE /api/v1/admin/organizers/:id':                     r(401, 403, 403, 204, 403, 403, 403, 403, 204, C.organizerTemplate),
  'GET /api/v1/tickets/:id/organizer':                       r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticketOrganizer),
  'PUT /api/v1/tickets/:id/organizer':                       r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticketOrganizerSave),
  'POST /api/v1/tickets/:id/organizer/reveal':               r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticketOrganizerReveal),
  'PUT /api/v1/tickets/:id/organizer/dependents/:dependentId': r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.declineDependent),
  // The household's dependents: its members only (customers); another household's dependent is not found.
  'GET /api/v1/household/dependents':                        r(401, 200, 200, 403, 403, 403, 403, 200, 403),
  'POST /api/v1/household/dependents':                       r(401, 201, 201, 403, 403, 403, 403, 201, 403, C.newDependent),
  'PUT /api/v1/household/dependents/:id':                    r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.changeDependent),
  'DELETE /api/v1/household/dependents/:id':                 r(401, 204, 404, 403, 403, 403, 403, 204, 403, C.deleteDependent),
  'POST /api/v1/household/dependents/:id/reveal':            r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.dependent),
  // Households (0032): a customer's own; an invitation is its sender's to revoke, its invitee's to answer (another
  // customer: 404). Inviting and accepting run on fresh people (neither may be in a household already).
  'GET /api/v1/household':                                   r(401, 200, 200, 403, 403, 403, 403, 200, 403),
  'POST /api/v1/household/invitations':                      r(401, 202, 202, 403, 403, 403, 403, 202, 403, C.inviteSpouse, FRESH),
  'DELETE /api/v1/household/invitations/:id':                r(401, 204, 404, 403, 403, 403, 403, 204, 403, C.sentInvitation),
  'POST /api/v1/household/invitations/:id/accept':           r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.receivedInvitation, FRESH),
  'POST /api/v1/household/invitations/:id/decline':          r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.receivedInvitation),
  'POST /api/v1/household/leave':                            r(401, 200, 200, 403, 403, 403, 403, 200, 403, C.leaveHousehold, FRESH),
  // The join link of an invitation to an e-mail without an account: public, the token is the proof (a made-up one: 400).
  'POST /api/v1/household/join/check':                       r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.checkInvitation),
  'POST /api/v1/household/join':                             r(400, 400, 400, 400, 400, 400, 400, 400, 400, C.acceptInvitation),
  // §7216 consents (docs/decisions/0034): staff prepare, read and withdraw; only the client answers (another's: 404).
  // The owner has no verified phone (and the matrix no SMS): a texted code is refused as unavailable (409).
  'GET /api/v1/consents':                                    r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/consents/:id':                                r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.consent),
  'GET /api/v1/consents/:id/pdf':                            r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.signedConsentRead),
  'POST /api/v1/consents':                                   r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.newConsent),
  'POST /api/v1/consents/:id/withdraw':                      r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.openConsent),
  'POST /api/v1/consents/:id/code':                          r(401, 409, 404, 403, 403, 403, 403, 403, 403, C.openConsent),
  // The owner has no passkey: the options are refused as unavailable (409).
  'POST /api/v1/consents/:id/passkey-options':               r(401, 409, 404, 403, 403, 403, 403, 403, 403, C.openConsent),
  'POST /api/v1/consents/:id/sign':                          r(401, 200, 404, 403, 403, 403, 403, 403, 403, C.signConsent),
  'POST /api/v1/consents/:id/decline':                       r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.openConsent),
  'POST /api/v1/consents/:id/revoke':                        r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.signedConsent),
  // Engagement letters (docs/decisions/0036): Admin's templates; staff send and void; only the client answers and
  // signs (staff: 403; another customer: 404). The world has the stricter check off: the owner confirms by password.
  'GET /api/v1/admin/engagement-templates':                  r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'POST /api/v1/admin/engagement-templates':                 r(401, 403, 403, 201, 403, 403, 403, 403, 201, C.engagementTemplateNew),
  'GET /api/v1/admin/engagement-templates/:id':              r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.engagementTemplate),
  'PUT /api/v1/admin/engagement-templates/:id':              r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.engagementTemplateUpdate),
  'GET /api/v1/admin/engagement-settings':                   r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'PUT /api/v1/admin/engagement-settings':                   r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.engagementSettings),
  'GET /api/v1/engagement-letters':                          r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/engagement-letters/prefill':                  r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.letterPrefill),
  'POST /api/v1/engagement-letters':                         r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.newLetter),
  'GET /api/v1/engagement-letters/:id':                      r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.letter),
  'POST /api/v1/engagement-letters/:id/send':                r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.draftLetter),
  'POST /api/v1/engagement-letters/:id/void':                r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.openLetter),
  // Staff's "Remind now": a new letter waiting for signature each call (at most one reminder a day per letter).
  'POST /api/v1/engagement-letters/:id/remind':              r(401, 403, 403, 202, 202, 202, 202, 403, 202, C.openLetter),
  'POST /api/v1/engagement-letters/:id/decline':             r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.declineLetter),
  'POST /api/v1/engagement-letters/:id/sms-code':            r(401, 202, 404, 403, 403, 403, 403, 202, 403, C.letterSmsCode),
  'POST /api/v1/engagement-letters/:id/passkey-options':     r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.letterPasskey),
  'POST /api/v1/engagement-letters/:id/confirm':             r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.confirmLetter),
  'POST /api/v1/engagement-letters/:id/sign':                r(401, 201, 404, 403, 403, 403, 403, 201, 403, C.signLetter),
  'POST /api/v1/engagement-letters/batches/preview':         r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.letterBatchBody),
  'POST /api/v1/engagement-letters/batches':                 r(401, 403, 403, 202, 202, 202, 202, 403, 202, C.letterBatchBody),
  'GET /api/v1/engagement-letters/batches/:id':              r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.letterBatch),
  // A ticket joint or separate: its customer and staff (the spouse: 403, another customer: 404; household-calls.ts).
  'POST /api/v1/tickets/:id/joint':                          r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticketJoint),

  // Tax drafts: staff upload, the ticket's customer decides.
  'GET /api/v1/tickets/:id/drafts':                          r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.drafts),
  'POST /api/v1/tickets/:id/drafts':                         r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.uploadDraft),
  'PATCH /api/v1/tickets/:id/drafts/:draftId':               r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.labelDraft),
  'POST /api/v1/tickets/:id/drafts/:draftId/approve':        r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.approve),
  'POST /api/v1/tickets/:id/drafts/:draftId/request-changes':r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.requestChanges),

  // Form 8879: staff prepare it, the taxpayer signs.
  'GET /api/v1/tickets/:id/signing':                         r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.signing),
  'POST /api/v1/tickets/:id/signing':                        r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.prepareSigning),
  'POST /api/v1/tickets/:id/signing/upload':                 r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.uploadSigning),
  'POST /api/v1/tickets/:id/signing/spouse-code':            r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.spouseCode),
  'POST /api/v1/tickets/:id/signing/sms-code':               r(401, 202, 404, 403, 403, 403, 403, 202, 403, C.signingSmsCode),
  'POST /api/v1/tickets/:id/signing/passkey-options':        r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.signingPasskeyOptions),
  'POST /api/v1/tickets/:id/signing/confirm':                r(401, 200, 404, 403, 403, 403, 403, 200, 403, C.confirmSigner),
  'POST /api/v1/tickets/:id/signing/sign':                   r(401, 201, 404, 403, 403, 403, 403, 201, 403, C.sign),

  // The firm's identity check at signing: Admin only.
  'GET /api/v1/admin/signing-settings':                      r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'PUT /api/v1/admin/signing-settings':                      r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.signingSettings),

  // The audit log: Admin only.
  'GET /api/v1/admin/audit-log':                             r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'GET /api/v1/admin/audit-log/export.csv':                  r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'GET /api/v1/admin/audit-log/verify':                      r(401, 403, 403, 200, 403, 403, 403, 403, 200),

  // The public site: anyone reads what is published (a draft is 404: the test's own check) and sends its forms.
  'GET /api/v1/site':                                        r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/pages/:route':                                r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.page),
  'GET /api/v1/blog':                                        r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/blog/categories':                             r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/blog/:slug':                                  r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.blog),
  'GET /api/v1/galleries':                                   r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/galleries/:slug':                             r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.gallery),
  'GET /api/v1/site/events':                                 r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/site/events/:slug':                           r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.event),
  // §7216 enforcement (issue 33 item 4): a ticket's share links (its client and staff see them; staff send and end
  // them; the recipient's link is public) and Admin's offers.
  'GET /api/v1/tickets/:id/shares':                          r(401, 200, 404, 200, 200, 200, 200, 200, 200, C.ticket),
  'GET /api/v1/tickets/:id/shares/consent':                  r(401, 403, 403, 200, 200, 200, 200, 403, 200, C.shareConsent),
  'POST /api/v1/tickets/:id/shares':                         r(401, 403, 403, 201, 201, 201, 201, 403, 201, C.newShare),
  'DELETE /api/v1/tickets/:id/shares/:shareId':              r(401, 403, 403, 204, 204, 204, 204, 403, 204, C.revokeShare),
  'GET /api/v1/shared-documents/:token':                     r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.sharedDocuments),
  'GET /api/v1/shared-documents/:token/files/:fileId':       r(200, 200, 200, 200, 200, 200, 200, 200, 200, C.sharedFile),
  'POST /api/v1/admin/offers/preview':                       r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.offerPreview),
  'POST /api/v1/admin/offers':                               r(401, 403, 403, 202, 403, 403, 403, 403, 202, C.newOffer),
  'GET /api/v1/admin/offers':                                r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'GET /api/v1/admin/offers/:id':                            r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.offer),
  'GET /api/v1/admin/offers/:id/recipients':                 r(401, 403, 403, 200, 403, 403, 403, 403, 200, C.offer),
  'GET /api/v1/jobs':                                        r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/jobs/:slug':                                  r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.job),
  'GET /api/v1/forms':                                       r(200, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/forms/:slug':                                 r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.form),
  'POST /api/v1/forms/:slug/submissions':                    r(201, 201, 201, 201, 201, 201, 201, 201, 201, S.submit),
  'POST /api/v1/contact-enquiries':                          r(201, 201, 201, 201, 201, 201, 201, 201, 201, S.contact),
  'GET /api/v1/media/:file':                                 r(200, 200, 200, 200, 200, 200, 200, 200, 200, S.mediaFile),
  // A file sent with a web form: staff, and the signed-in visitor who sent it (the owner); another customer 404.
  'GET /api/v1/site/submissions/:id/files/:fileId':          r(401, 200, 404, 200, 200, 200, 200, 200, 200, S.submissionFile),

  // A signed-in visitor's own submissions: anyone signed in lists their own (staff: theirs, none here); only the
  // sender reads or edits one, anyone else 404 (docs/decisions/0021-c).
  'GET /api/v1/my/form-submissions':                         r(401, 200, 200, 200, 200, 200, 200, 200, 200),
  'GET /api/v1/my/form-submissions/:id':                     r(401, 200, 404, 404, 404, 404, 404, 200, 404, S.mySubmission),
  'PUT /api/v1/my/form-submissions/:id':                     r(401, 200, 404, 404, 404, 404, 404, 200, 404, S.editMySubmission),
  // Site editing: Admins and site editors; each kind's nine endpoints are `siteKindLines` above.
  ...siteEditorLines,
  'GET /api/v1/admin/site/settings':                         editor(200),
  'PUT /api/v1/admin/site/settings':                         editor(200, S.settings),
  'POST /api/v1/admin/site/settings/publish':                editor(200),
  'GET /api/v1/admin/site/settings/revisions':               editor(200),
  'POST /api/v1/admin/site/settings/revisions/:revisionId/restore': editor(200, S.restoreSettings),
  'GET /api/v1/admin/site/media':                            editor(200),
  'POST /api/v1/admin/site/media':                           editor(201, S.uploadMedia),
  'PATCH /api/v1/admin/site/media/:id':                      editor(200, S.media),
  'DELETE /api/v1/admin/site/media/:id':                     editor(204, S.freshMedia),
  // The site's inbox: any staff. Who edits the site: Admin only.
  'GET /api/v1/admin/site/enquiries':                        r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'GET /api/v1/admin/site/enquiries/:id':                    r(401, 403, 403, 200, 200, 200, 200, 403, 200, S.enquiry),
  'POST /api/v1/admin/site/enquiries/:id/handled':           r(401, 403, 403, 200, 200, 200, 200, 403, 200, S.handled),
  'POST /api/v1/admin/site/enquiries/:id/replies':           r(401, 403, 403, 201, 201, 201, 201, 403, 201, S.reply),
  'POST /api/v1/admin/site/enquiries/:id/ticket':            r(401, 403, 403, 201, 201, 201, 201, 403, 201, S.enquiryTicket),
  'GET /api/v1/admin/site/forms/:id/submissions':            r(401, 403, 403, 200, 200, 200, 200, 403, 200, S.submissions),
  'GET /api/v1/admin/site/submissions':                      r(401, 403, 403, 200, 200, 200, 200, 403, 200),
  'GET /api/v1/admin/site/submissions/:id':                  r(401, 403, 403, 200, 200, 200, 200, 403, 200, S.submission),
  'POST /api/v1/admin/site/submissions/:id/handled':         r(401, 403, 403, 200, 200, 200, 200, 403, 200, S.submissionHandled),
  'GET /api/v1/admin/site/editors':                          r(401, 403, 403, 200, 403, 403, 403, 403, 200),
  'POST /api/v1/admin/site/editors':                         r(401, 403, 403, 201, 403, 403, 403, 403, 201, S.grant),
  'DELETE /api/v1/admin/site/editors/:userId':               r(401, 403, 403, 204, 403, 403, 403, 403, 204, S.revoke),
};
