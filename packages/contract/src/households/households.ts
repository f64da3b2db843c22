import { z } from 'zod';
import { emailSchema, idSchema, newPasswordSchema } from '../common/fields.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { opaqueText, text } from '../common/text.ts';

/**
 * A household (issue 32, docs/decisions/0032): a taxpayer and their spouse, each with their own login. Joint returns
 * (a ticket's `spouse`) are shared by both; each one's separate returns stay their own.
 */
export const HOUSEHOLD_ROLES = ['primary', 'spouse'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** How long an invitation may be accepted (the new account's set-password link lasts as long). */
export const HOUSEHOLD_INVITATION_DAYS = 7;

/** The refusals a person reads (Spanish: texts/es/households.json). */
export const HOUSEHOLD_MESSAGES = {
  invitationSent: 'Invitation sent.',
  invitationNotFound: 'Invitation not found.',
  ownEmail: 'This is your own e-mail address. Enter your spouse’s.',
  householdFull: 'Your household has a spouse already.',
  alreadyInHousehold: 'You belong to a household already. Leave it before you join another.',
  invitationEnded: 'This invitation can no longer be accepted. Ask for a new one.',
  notInHousehold: 'You do not belong to a household.',
  noSpouse: 'A joint return needs your spouse in your household. Invite them from your profile first.',
  ticketClosed: 'This ticket is closed: it can no longer change between a joint and a separate return.',
  ticketSigned: 'Someone has signed this return’s Form 8879: it can no longer change between joint and separate.',
  signingPending:
    'This return’s Form 8879 is waiting for signatures: only your preparer can change it between joint and separate now (they prepare the form again).',
  ownerOnly: 'Only the taxpayer of this ticket can change whether it is a joint return.',
  tooManyInvitations: 'You can send {{max}} invitations a day. Please try again tomorrow.',
  joinLinkInvalid: 'This invitation link is invalid, used or expired. Ask for a new invitation.',
  joinHasAccount:
    'An account with this e-mail exists now. Sign in with it and accept the invitation on your profile, under Household.',
} as const;

export const householdMemberSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  joined_at: z.string(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

/**
 * An invitation the caller sent, as long as it may be accepted: it reads the same whether or not the address has an
 * account, and whether or not its person declined (it then just ends at `expires_at`), so it tells nothing of them.
 */
export const sentInvitationSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

/** An invitation to the caller: who asks them to join. */
export const receivedInvitationSchema = z.object({
  id: z.string(),
  from: z.object({ full_name: z.string(), email: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

/** GET /api/v1/household: the caller's household (none: no members), what they sent, what they were sent. */
export const householdSchema = z.object({
  members: z.array(householdMemberSchema),
  sent: z.array(sentInvitationSchema),
  received: z.array(receivedInvitationSchema),
});
export type Household = z.infer<typeof householdSchema>;

/** POST /api/v1/household/invitations: the spouse's name and e-mail (a new e-mail gets an account to set up). */
export const inviteSpouseBodySchema = z.object({
  full_name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(140),
  email: emailSchema,
});
export type InviteSpouseBody = z.input<typeof inviteSpouseBodySchema>;

/** The join link of an invitation to an e-mail without an account: the token in the body, never in a logged URL. */
export const householdJoinCheckBodySchema = z.object({ token: opaqueText().min(1).max(128) });
/** What the invited person reads before choosing a password: who invites them, and the name and e-mail invited. */
export const householdJoinPreviewSchema = z.object({
  from_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  firm_name: z.string(),
  expires_at: z.string(),
});
export type HouseholdJoinPreview = z.infer<typeof householdJoinPreviewSchema>;
/** POST /api/v1/household/join: the account is made only now, with this name and password, and joins the household. */
export const householdJoinBodySchema = z.object({
  token: opaqueText().min(1).max(128),
  full_name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(140),
  password: newPasswordSchema,
});
export type HouseholdJoinBody = z.input<typeof householdJoinBodySchema>;

export const householdInvitationParamsSchema = z.object({ id: idSchema });

/** POST /api/v1/tickets/:id/joint: a joint return with the customer's spouse, or their separate return. */
export const ticketJointBodySchema = z.object({ joint: z.boolean() });
export type TicketJointBody = z.infer<typeof ticketJointBodySchema>;
