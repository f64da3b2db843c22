import { z } from 'zod';
import { emailSchema, idSchema } from '../common/fields.ts';
import { opaqueText } from '../common/text.ts';

/**
 * §7216 disclosures (issue 33 item 4, docs/decisions/0035): staff send documents of a ticket to an outside e-mail as a
 * time-limited link, only while the ticket's customer holds an active consent to disclose naming that recipient. The
 * link lasts SHARE_DEFAULT_DAYS unless staff choose fewer or more (at most SHARE_MAX_DAYS), and never past the
 * consent's own expiry.
 */
export const SHARE_DEFAULT_DAYS = 14;
export const SHARE_MAX_DAYS = 90;
export const SHARE_MAX_DOCUMENTS = 20;

/**
 * active: the link opens; expired: past its own end; revoked: staff ended it; consent_ended: the consent it was made
 * under was revoked or expired (the link died with it).
 */
export const SHARE_STATES = ['active', 'expired', 'revoked', 'consent_ended'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_EVENT_KINDS = ['open', 'download'] as const;

export const ticketSharesParamsSchema = z.object({ id: idSchema });
export const ticketShareParamsSchema = z.object({ id: idSchema, shareId: idSchema });

export const createShareBodySchema = z.object({
  document_ids: z.array(idSchema).min(1).max(SHARE_MAX_DOCUMENTS),
  recipient_email: emailSchema,
  days: z.number().int().min(1).max(SHARE_MAX_DAYS).optional(),
});
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const shareConsentQuerySchema = z.object({ recipient_email: emailSchema });
/** Whether a recipient may be sent documents now: the consent that allows it (its purpose is the share's), or why not. */
export const shareConsentSchema = z.object({
  consent: z
    .object({
      id: z.string(),
      purpose: z.string(),
      recipient_name: z.string().nullable(),
      recipient_email: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
  /** The refusal a share would get (in the reader's language), when there is no consent. */
  reason: z.string().nullable(),
});
export type ShareConsent = z.infer<typeof shareConsentSchema>;

/** One open of the link or download of a file. Staff see where from; the client sees when and what. */
export const shareEventSchema = z.object({
  kind: z.enum(SHARE_EVENT_KINDS),
  at: z.string(),
  file_name: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

/** A share link as staff and the ticket's client see it: never its token. */
export const documentShareSchema = z.object({
  id: z.string(),
  recipient_email: z.string(),
  recipient_name: z.string().nullable(),
  purpose: z.string(),
  state: z.enum(SHARE_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** The files the link still holds (a document deleted since is gone from it). */
  documents: z.array(z.object({ id: z.string(), file_name: z.string() })),
  opens: z.number().int(),
  downloads: z.number().int(),
  /** The latest 50 opens and downloads, newest first. */
  events: z.array(shareEventSchema),
});
export type DocumentShare = z.infer<typeof documentShareSchema>;
export const documentShareListSchema = z.object({ items: z.array(documentShareSchema) });

export const sharedTokenParamsSchema = z.object({ token: opaqueText().min(1).max(300) });
export const sharedFileParamsSchema = z.object({ token: opaqueText().min(1).max(300), fileId: idSchema });

/** What the recipient's page shows (no sign-in). A file's `id` is the link's own name for it, never the vault's id. */
export const sharedDocumentsSchema = z.object({
  firm_name: z.string(),
  client_name: z.string(),
  recipient_name: z.string().nullable(),
  purpose: z.string(),
  expires_at: z.string(),
  files: z.array(
    z.object({ id: z.string(), file_name: z.string(), content_type: z.string(), size_bytes: z.number().int() }),
  ),
});
export type SharedDocuments = z.infer<typeof sharedDocumentsSchema>;
