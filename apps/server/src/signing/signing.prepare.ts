import { randomUUID } from 'node:crypto';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  MESSAGES,
  prepareSigningFieldsSchema,
  SIGNATURE_DUE_VIEW,
  SIGNING_MESSAGES,
  type PrepareSigningBody,
  type SigningState,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { normalisePhone } from '../platform/phone.ts';
import { recipientLanguage } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import { filerPeople, findTicketRef, visibleTicket } from '../tickets/index.ts';
import {
  deleteDocumentRow,
  discardStaged,
  documentRow,
  insertDocument,
  readPdfUpload,
  removeDocumentFiles,
  stageUpload,
  type DocumentRow,
  type StagedFile,
} from '../documents/index.ts';
import { FollowUps, ticketLink } from '../drafts/index.ts';
import type { SigningDeps } from './signing.deps.ts';
import { generate8879 } from './signing.pdf.ts';
import * as repo from './signing.repository.ts';
import { isStrictIdentity } from './signing.settings.ts';
import { signingState } from './signing.service.ts';

// Staff preparing a Form 8879 for signature (the signing itself: signing.service.ts).

const CLOSED = new Set(['Completed', 'Closed', 'Cancelled']);

type Part = MultipartFile | MultipartValue;

async function checkPreparer(deps: SigningDeps, auth: AuthContext, ref: string) {
  const ticket = await visibleTicket(deps.db, auth, ref);
  if (!isStaff(auth)) throw new AppError('forbidden', MESSAGES.forbidden);
  if (CLOSED.has(ticket.status)) throw new AppError('conflict', SIGNING_MESSAGES.ticketClosed);
  return ticket;
}

/**
 * Staff prepare the 8879: generated from the ticket (taxpayer, tax year, firm) or the firm's own PDF. It
 * replaces a request nobody has signed yet, whose unsigned PDF is deleted with it (the ticket shows one 8879);
 * once someone has signed, it cannot be replaced (409). A joint ticket (docs/decisions/0032) makes a joint form
 * whose spouse is the ticket's spouse, as their account names them, who signs signed in as themselves: the form's
 * joint and spouse fields are then the ticket's, whatever was sent, and no phone is asked for.
 */
export async function prepareSigning(
  deps: SigningDeps,
  auth: AuthContext,
  ref: string,
  input:
    | { kind: 'generate'; body: PrepareSigningBody & { joint: boolean } }
    | { kind: 'upload'; parts: () => AsyncIterable<Part> },
  ip: string,
): Promise<SigningState> {
  const ticket = await checkPreparer(deps, auth, ref);
  const spouseAccount: { joint: true; spouse_name: string; spouse_email: string } | null = ticket.spouse_id
    ? { joint: true, spouse_name: ticket.spouse_name ?? '', spouse_email: ticket.spouse_email ?? '' }
    : null;
  let staged: StagedFile;
  let fields: {
    joint: boolean;
    spouse_name?: string | undefined;
    spouse_email?: string | undefined;
    spouse_phone?: string | undefined;
  };
  if (input.kind === 'upload') {
    ({ staged, fields } = await readPdfUpload(deps, input.parts(), {
      fields: prepareSigningFieldsSchema,
      messages: {
        oneFile: TICKET_TEXTS.signing.oneFile,
        fileRequired: TICKET_TEXTS.signing.fileRequired,
        notPdf: SIGNING_MESSAGES.notPdf,
      },
    }));
  } else {
    fields = spouseAccount ?? input.body;
    const pdf = await generate8879({
      taxpayerName: ticket.customer_name,
      spouseName: fields.joint ? (fields.spouse_name ?? null) : null,
      taxYear: ticket.year,
      firmName: await repo.firmName(deps.db),
      ticketName: ticket.name,
      preparedAt: deps.now(),
      // The taxpayer's form, in their language (Formulario 8879(SP)'s words in Spanish).
      language: recipientLanguage(await savedLanguage(deps.db, ticket.customer_id)),
    });
    staged = await stageUpload(deps, { file: pdf, filename: `Form-8879-${ticket.name}.pdf` });
  }
  if (spouseAccount) fields = spouseAccount;
  if (fields.joint && !spouseAccount && !fields.spouse_phone && (await isStrictIdentity(deps.db))) {
    await discardStaged(deps, [staged]);
    throw fieldError('spouse_phone', SIGNING_MESSAGES.spousePhoneRequired);
  }
  if (fields.joint && fields.spouse_phone) {
    // As typed, `(217) 555-0188` on a US firm's portal: stored and texted in E.164 (platform/phone.ts).
    try {
      const region = await deps.firmCountry(deps.db);
      fields = { ...fields, spouse_phone: normalisePhone(fields.spouse_phone, { region, field: 'spouse_phone' }) };
    } catch (err) {
      await discardStaged(deps, [staged]);
      throw err;
    }
  }
  const follow = new FollowUps();
  /** The replaced request's unsigned PDF, deleted in the transaction: its stored file goes after the commit. */
  let replacedPdf: DocumentRow | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const t = (await findTicketRef(tx, ticket.id, { lock: true }))!;
      const previous = await repo.currentRequest(tx, t.id, true);
      if (previous) {
        // A signature refuses the replacement, unless the request can never complete: its spouse's account no longer
        // reaches the ticket (no longer joint, or another spouse), so staff always have a way out of that state.
        const stranded = previous.spouse_user_id !== null && previous.spouse_user_id !== t.spouse_id;
        const started = previous.signed_document_id || (await repo.signaturesOf(tx, previous.id)).length;
        if (started && (previous.status !== 'pending' || !stranded)) {
          throw new AppError('conflict', SIGNING_MESSAGES.alreadyStarted);
        }
        // The replaced request stays as history (who prepared what, its digest) without its PDF: the vault deletes
        // the document once nothing names it, so the ticket's documents hold the current 8879 only.
        await repo.updateRequest(tx, previous.id, { status: 'replaced', document_id: null });
        const old = await documentRow(tx, previous.document_id);
        if (old) {
          replacedPdf = await deleteDocumentRow(tx, old, { actorId: auth.user.id, ip, reason: 'signing.replaced' });
        }
      }
      const doc = await insertDocument(
        tx,
        deps,
        { ...staged, fileName: `Form-8879-${t.name}.pdf` },
        {
          customerId: t.customer_id,
          ticketId: t.id,
          kind: 'upload',
          visibility: 'private',
          uploadedBy: auth.user.id,
        },
      );
      const id = randomUUID();
      await repo.insertRequest(tx, {
        id,
        ticket_id: t.id,
        customer_id: t.customer_id,
        document_id: doc.id,
        unsigned_sha256: staged.file.sha256,
        source: input.kind === 'upload' ? 'uploaded' : 'generated',
        taxpayer_name: t.customer_name,
        joint: fields.joint,
        spouse_name: fields.joint ? (fields.spouse_name ?? null) : null,
        spouse_email: fields.joint ? (fields.spouse_email ?? null) : null,
        spouse_phone: fields.joint ? (fields.spouse_phone ?? null) : null,
        spouse_user_id: spouseAccount ? ticket.spouse_id : null,
        created_by: auth.user.id,
        created_at: deps.now(),
      });
      await audit(tx, {
        actorId: auth.user.id,
        action: 'signing.prepared',
        entityType: 'ticket',
        entityId: t.id,
        ip,
        meta: {
          signing_request_id: id,
          document_id: doc.id,
          source: input.kind,
          joint: fields.joint,
          ...(previous ? { replaced_signing_request_id: previous.id } : {}),
        },
      });
      follow.publish(FollowUps.audience(t), { type: 'signing.updated', ticket_id: t.id, ticket_name: t.name });
      // Signing opens at Ready For IRS Filing: a form prepared before then is announced by the move there (the
      // customer reads "Sign your Form 8879"), not now, when they could not sign it.
      if (t.status === SIGNATURE_DUE_VIEW.status) {
        // Each filer signs their own part of a joint return: both are told (0032).
        for (const person of filerPeople(t))
          await follow.notify(tx, {
            userId: person.id,
            ticket: t,
            kind: 'signing',
            mailTo: person.email,
            write: (say) => {
              const title = say('notifications.signingReady.title', { ticket: t.name });
              return {
                title,
                body: say('notifications.signingReady.body'),
                mail: {
                  subject: title,
                  text: `${say('mail.hello', { name: person.full_name })}\n\n${say('notifications.signingReady.text', { year: t.year })}\n${ticketLink(deps.publicUrl, t)}\n`,
                },
              };
            },
          });
      }
    });
  } catch (err) {
    await discardStaged(deps, [staged]);
    throw err;
  }
  await follow.run(deps);
  if (replacedPdf) await removeDocumentFiles(deps, replacedPdf);
  return signingState(deps, auth, ticket.id);
}
