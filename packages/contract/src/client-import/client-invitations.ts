import { z } from 'zod';
import { opaqueText } from '../common/text.ts';

export const INVITATION_CHANNELS = ['email', 'sms'] as const;
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number];
/**
 * sent → opened (the link was opened) → joined (a password set, or signed in); bounced: the transport refused;
 * not_sent: the portal has no way to deliver it (e-mail without SMTP, text without Twilio: kept in the outbox or
 * printed for a developer, never received by the client).
 */
export const INVITATION_STATES = ['queued', 'sent', 'opened', 'joined', 'bounced', 'not_sent'] as const;
/** A resend within this time of a delivered invitation's last send changes nothing: its link stays the one to use. */
export const INVITATION_RESEND_WINDOW_SECONDS = 60;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const NOT_SENT_REASONS = ['mail_unreachable'] as const;

/** An invitation as staff see it: never its token. */
export const clientInvitationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  channel: z.enum(INVITATION_CHANNELS),
  state: z.enum(INVITATION_STATES),
  sends: z.number().int(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Why a not_sent invitation is so: our mail server was unreachable (it is retried), or null (no transport). */
  not_sent_reason: z.enum(NOT_SENT_REASONS).nullable(),
});
export type ClientInvitation = z.infer<typeof clientInvitationSchema>;

export const clientInvitationListSchema = z.object({
  items: z.array(clientInvitationSchema),
  next_cursor: z.string().nullable(),
  /** Per state, for the filter's counts. */
  counts: z.record(z.enum(INVITATION_STATES), z.number().int()),
  /** Whether the portal can deliver invitations by each channel now (SMTP, Twilio set up); if not they are not_sent. */
  delivery: z.object({ email: z.boolean(), sms: z.boolean() }),
});
export const clientInvitationsQuerySchema = z.object({
  state: z.enum(INVITATION_STATES).optional(),
  cursor: opaqueText().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Invite the import's clients (all, or those named) by e-mail or text; those already invited are left as they are. */
export const inviteClientsBodySchema = z.object({
  channel: z.enum(INVITATION_CHANNELS),
  user_ids: z.array(opaqueText().min(1).max(64)).max(20_000).optional(),
});
export const inviteClientsResultSchema = z.object({
  /** Invitations queued now. */
  queued: z.number().int(),
  /** Clients left out: invited already (but those not sent, or bounced by the other channel), or (by text) without a phone. */
  skipped: z.number().int(),
});
/** A resend by the channel asked for; without one, the invitation's own, or the other when only that one delivers. */
export const resendInvitationBodySchema = z.object({ channel: z.enum(INVITATION_CHANNELS).optional() });
export const clientInvitationParamsSchema = z.object({
  id: opaqueText().min(1).max(64),
  invitationId: opaqueText().min(1).max(64),
});

/** The invitee's page asks about its link: opening it counts as "opened"; the link is not used up by it. */
export const openClientInvitationBodySchema = z.object({ token: opaqueText().min(1).max(200) });
export const openClientInvitationResultSchema = z.object({
  /** The link still sets a password (unused, unexpired, not replaced by a resend). */
  valid: z.boolean(),
  /** A dead link of an invitation whose client has set their password already: they are to sign in. */
  joined: z.boolean(),
});

/** Staff's note on a client (GET /api/v1/contacts/:id/notes). */
export const clientNotesSchema = z.object({ notes: z.string().nullable(), updated_at: z.string().nullable() });
