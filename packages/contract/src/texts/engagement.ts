import { ENGAGEMENT_MESSAGES } from '../engagement/engagement-messages.ts';

/**
 * Engagement letters (docs/decisions/0036): the refusals, what the client and staff are told, and the signed PDF's
 * certificate page. Placeholders: `firm`, `year`, `days`, `name`, `when` (UTC), `reason`, `link`.
 */
export const ENGAGEMENT_TEXTS = {
  messages: ENGAGEMENT_MESSAGES,
  states: {
    draft: 'draft',
    sent: 'sent',
    viewed: 'viewed',
    signed: 'signed',
    declined: 'declined',
    expired: 'expired',
    voided: 'voided',
  },
  notify: {
    sent: {
      title: 'Your engagement letter for {{year}} is ready to sign',
      body: '{{firm}} sent you the engagement letter for your {{year}} taxes.',
      mail: 'Hello {{name}},\n\n{{firm}} sent you the engagement letter for your {{year}} taxes. Read and sign it here:\n{{link}}\n',
    },
    reminder: {
      title: 'Reminder: your engagement letter for {{year}} is waiting',
      body: 'Your engagement letter for {{year}} is not signed yet.',
      mail: 'Hello {{name}},\n\nYour engagement letter for {{year}} from {{firm}} is not signed yet. Read and sign it here:\n{{link}}\n',
    },
    signed: {
      title: '{{name}} signed the engagement letter for {{year}}',
      body: 'Signed on {{when}}.',
    },
    declined: {
      title: '{{name}} declined the engagement letter for {{year}}',
      body: 'Reason: {{reason}}',
    },
  },
  merge: {
    service: 'Service',
    fee: 'Fee',
    total: 'Total',
    /** Joins the client's and the spouse's names in {{client_names}}. */
    and: 'and',
    noDeposit: 'No deposit',
  },
  /** The deposit invoice's one line, made when the letter is signed. */
  deposit: {
    line: 'Deposit — engagement letter for {{year}}',
  },
  pdf: {
    title: 'Engagement letter',
    certificate: 'Certificate of signature',
    document: 'Engagement letter for {{year}}, {{client}}, from {{firm}}',
    sha256: 'Document SHA-256: {{sha256}}',
    signer: {
      taxpayer: 'Client: {{name}}',
      spouse: 'Spouse: {{name}}',
    },
    email: 'E-mail: {{email}}',
    signedAt: 'Signed: {{when}}',
    ip: 'IP address: {{ip}}',
    userAgent: 'Device (user agent): {{userAgent}}',
    method: 'Signature: {{method}}',
    confirmedBy: 'Identity confirmed by: {{factor}}',
    closing:
      'The signers confirmed their identity and signed this letter electronically in the portal. The SHA-256 above is of the letter as sent; any change to it would change the digest.',
  },
} as const;
