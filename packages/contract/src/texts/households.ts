import { HOUSEHOLD_MESSAGES } from '../households/households.ts';

/**
 * Households (issue 32, docs/decisions/0032): the refusals (HOUSEHOLD_MESSAGES), the invitation a spouse is mailed
 * (`newAccount`: the e-mail had no account and the link chooses its password; `existing`: they sign in to accept) and
 * the in-app notices. `name` is the inviter's, `firm` the firm's published name, `link` a portal address.
 */
export const HOUSEHOLD_TEXTS = {
  messages: HOUSEHOLD_MESSAGES,
  invitation: {
    subject: '{{name}} invites you to share your household at {{firm}}',
    body: '{{name}} invites you to join their household on the client portal of {{firm}}: your joint tax returns, their documents and messages will be shared by you both, each with your own login. Your separate returns stay your own.',
    newAccount: 'Open this link within 7 days to choose your password and join:',
    existing: 'Sign in and accept the invitation within 7 days here:',
    ignore: 'If you do not know {{name}}, ignore this message: nothing is shared unless you accept.',
  },
  notices: {
    invitedTitle: '{{name}} invites you to their household',
    invitedBody: 'Accept it in your profile, under Household, to share your joint returns.',
    acceptedTitle: '{{name}} joined your household',
    acceptedBody: 'You can now choose a joint return with them when you open a ticket.',
    leftTitle: '{{name}} left your household',
    leftBody: 'Joint returns filed so far stay shared; new tickets are separate returns.',
  },
} as const;
