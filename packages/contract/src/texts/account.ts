/** Account e-mails (password reset, invitations, new device, e-mail change, referrals) and their refusals. */
export const ACCOUNT_TEXTS = {} as const;
