import { CONSENT_MESSAGES } from '../consents/consents.ts';

/**
 * §7216 consents (issue 33 item 3, docs/decisions/0034): the refusals (CONSENT_MESSAGES), the mail a client gets when
 * a consent is sent to them, and the in-app notices (to the client; to the staff member who prepared it when the
 * client answers). `firm` is the firm's name, `kind` the consent's kind in words, `link` a portal address.
 */
export const CONSENT_TEXTS = {
  messages: CONSENT_MESSAGES,
  kinds: {
    use: 'consent to use your tax return information',
    disclose: 'consent to disclose your tax return information',
  },
  mail: {
    subject: '{{firm}} asks for your consent: please read it',
    body: '{{firm}} prepared a {{kind}} for you. Signing it is never a condition of our services: you may sign it or decline it, and declining changes nothing else.',
    recipient: 'It names this recipient: {{recipient}}.',
    open: 'Read it on the portal:',
  },
  notices: {
    sentTitle: 'A consent to read: {{kind}}',
    sentBody: 'Signing it is optional and never a condition of our services.',
    answeredTitle: '{{name}} {{answer}} a consent',
    signed: 'signed',
    declined: 'declined',
    revoked: 'revoked',
    answeredBody: '{{purpose}}',
  },
  /** The signed consent's PDF (docs/decisions/0034): the document as signed, then its certificate of signature. */
  pdf: {
    title: {
      use: 'Consent to use tax return information',
      disclose: 'Consent to disclose tax return information',
    },
    certificate: 'Certificate of signature',
    signedBy: 'Signed by: {{name}}',
    account: 'Account: {{name}} ({{email}})',
    signedAt: 'Signed: {{when}}',
    ip: 'IP address: {{ip}}',
    userAgent: 'Device (user agent): {{userAgent}}',
    confirmedBy: 'Identity confirmed by: {{factor}}',
    sha256: 'SHA-256 of the text signed: {{sha256}}',
    expiresAt: 'In force until: {{when}}',
    revokedAt: 'Revoked: {{when}}',
    unknown: 'not recorded',
    closing:
      'The taxpayer typed their name, confirmed their identity and signed this consent electronically in the portal (Rev. Proc. 2013-14 section 6). The SHA-256 above is of the text as signed; any change to it would change the digest.',
  },
} as const;
