import { z } from 'zod';
import { emailSchema } from '../common/fields.ts';
import { opaqueText, text } from '../common/text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** The largest reward Admin may set: $1,000,000.00 (the database checks the same). */
export const MAX_REFERRAL_REWARD_CENTS = 100_000_000;

/** One referred customer on the referrer's page: a customer sees names shortened ("Jane D."). */
export const referralEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  joined_at: z.string(),
  /** Has paid an invoice (the moment the referrer's reward, if any, was granted). */
  paying: z.boolean(),
});

/**
 * GET /api/v1/referrals/dashboard (get_referal_dashboard_data): the caller's code and link, the counts, the
 * reward on offer and the first-level referrals, newest first (the first 100; `counts.registered` has them all).
 */
export const referralDashboardSchema = z.object({
  code: z.string(),
  link: z.string(),
  counts: z.object({
    /** E-mail invitations sent from the referral page (each address once). */
    invited: z.number().int(),
    /** People who registered through the link. */
    registered: z.number().int(),
    /** Of those, people who have paid an invoice. */
    paying: z.number().int(),
  }),
  reward: z.object({ amount_cents: z.number().int(), currency: z.string() }).nullable(),
  referrals: z.array(referralEntrySchema),
});
export type ReferralDashboard = z.infer<typeof referralDashboardSchema>;

/**
 * GET /api/v1/referrals/tree?root=&q= (get_firstlevel_customers). A customer sees their own branch (root: themself
 * or one of their descendants, else 404) with names shortened; staff see the whole tree (no root: every referrer
 * at the top) or any branch, and may search it by name or e-mail (`q`: the matches with the path above them).
 */
export const referralTreeQuerySchema = z.object({
  root: opaqueText().min(1).max(64).optional(),
  q: text().max(100).optional(),
});
export type ReferralTreeQuery = z.infer<typeof referralTreeQuerySchema>;

export const referralNodeSchema = z.object({
  id: z.string(),
  /** Null for a top node. */
  parent_id: z.string().nullable(),
  name: z.string(),
  /** Staff only; null for customers. */
  email: z.string().nullable(),
  joined_at: z.string(),
  paying: z.boolean(),
  /** Direct referrals of this person (all of them, even when the list is cut). */
  referred_count: z.number().int(),
  /** A search match (staff search); false without a search. */
  match: z.boolean(),
});
export type ReferralNode = z.infer<typeof referralNodeSchema>;

/** Nodes in depth-first order, parents before children; `truncated` when the tree is larger than one answer. */
export const referralTreeSchema = z.object({
  root_id: z.string().nullable(),
  nodes: z.array(referralNodeSchema),
  truncated: z.boolean(),
});
export type ReferralTree = z.infer<typeof referralTreeSchema>;

/** POST /api/v1/referrals/invitations: the portal mails the caller's link to a friend (fixed text). */
export const referralInvitationBodySchema = z.object({ email: emailSchema });
export type ReferralInvitationBody = z.input<typeof referralInvitationBodySchema>;
export const referralInvitationResultSchema = z.object({ message: z.string() });

/** GET/PUT /api/v1/admin/referrals/settings: the reward rule (Admin). */
export const referralSettingsSchema = z.object({
  reward_cents: z.number().int(),
  currency: z.string(),
  updated_at: z.string().nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const referralSettingsBodySchema = z.object({
  reward_cents: z
    .number()
    .int({ error: () => COMMON_FIELD_MESSAGES.amountWholeCents })
    .min(0, { error: () => COMMON_FIELD_MESSAGES.amountNotNegative })
    .max(MAX_REFERRAL_REWARD_CENTS),
});
export type ReferralSettingsBody = z.input<typeof referralSettingsBodySchema>;

export const REFERRAL_MESSAGES = {
  invitationSent: 'Invitation sent.',
  searchStaffOnly: 'Only staff can search the referral tree.',
} as const;
