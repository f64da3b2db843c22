import { z } from 'zod';
import { opaqueText } from '../common/text.ts';

export const INVITATION_CHANNELS = ['email', 'sms'] as const;
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number];
/** sent → opened (the link was opened) → joined (a password set, or signed in); bounced: the transport refused. */
export const INVITATION_STATES = ['queued', 'sent', 'opened', 'joined', 'bounced'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

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
});
export type ClientInvitation = z.infer<typeof clientInvitationSchema>;

export const clientInvitationListSchema = z.object({
  items: z.array(clientInvitationSchema),
  next_cursor: z.string().nullable(),
  /** Per state, for the filter's counts. */
  counts: z.record(z.enum(INVITATION_STATES), z.number().int()),
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
  /** Clients left out: invited already, or (by text) without a phone. */
  skipped: z.number().int(),
});
export const clientInvitationParamsSchema = z.object({
  id: opaqueText().min(1).max(64),
  invitationId: opaqueText().min(1).max(64),
});

/** The invitee's page asks about its link: opening it counts as "opened". */
export const openClientInvitationBodySchema = z.object({ token: opaqueText().min(1).max(200) });
export const openClientInvitationResultSchema = z.object({ valid: z.boolean() });

/** Staff's note on a client (GET /api/v1/contacts/:id/notes). */
export const clientNotesSchema = z.object({ notes: z.string().nullable(), updated_at: z.string().nullable() });
