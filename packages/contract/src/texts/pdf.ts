/** The texts of the PDFs the server writes: the invoice, and Form 8879 with its signatures and audit page. */
export const PDF_TEXTS = {
  invoice: {
    /** The PDF's document title (its metadata). */
    documentTitle: 'Invoice {{invoice}}',
    heading: 'INVOICE',
    taxId: 'Tax ID {{taxId}}',
    /** The header's labels, each followed by ": " and its value. */
    number: 'Invoice',
    postingDate: 'Posting date',
    dueDate: 'Due date',
    ticket: 'Ticket',
    status: 'Status',
    billTo: 'Bill to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    grandTotal: 'Grand total',
    paid: 'Paid',
    refunded: 'Refunded',
    outstanding: 'Outstanding',
    payment: 'Payment {{payment}} on {{date}}: {{amount}} by {{mode}}',
    payOnline: 'Pay online: {{url}}',
    /** The invoice's status (contract INVOICE_STATUSES). */
    statuses: {
      Draft: 'Draft',
      Unpaid: 'Unpaid',
      Overdue: 'Overdue',
      Paid: 'Paid',
      Cancelled: 'Cancelled',
      Refunded: 'Refunded',
    },
    /** The big mark across the first page. */
    stamps: { Paid: 'PAID', Cancelled: 'CANCELLED', Refunded: 'REFUNDED', Overdue: 'OVERDUE' },
    /** A payment entry's mode of payment. */
    paymentModes: { Card: 'Card' },
  },
  /** Form 8879 as the portal draws it from the ticket. */
  form8879: {
    documentTitle: 'Form 8879 {{year}} - {{name}}',
    form: 'Form 8879',
    title: 'IRS e-file Signature Authorization',
    taxYear: 'Tax year {{year}}',
    ticket: 'Ticket {{ticket}}',
    taxpayerName: "Taxpayer's name",
    spouseName: "Spouse's name",
    ero: 'Electronic return originator (ERO)',
    part1: 'Part I  Tax Return Information',
    part1Text:
      'The amounts of your {{year}} return are those of the return your tax preparer showed you and that you approved in the portal. Keep a copy of the return for your records.',
    part2: 'Part II  Taxpayer Declaration and Signature Authorization',
    declaration:
      'Under penalties of perjury, I declare that I have examined a copy of my electronic individual income tax return and accompanying schedules and statements for the tax year ending December 31, {{year}}, and to the best of my knowledge and belief, it is true, correct, and complete. I consent to allow my ERO, transmitter, or intermediate service provider to send my return to the IRS and to receive from the IRS an acknowledgement of receipt or reason for rejection of the transmission. I authorize the ERO to enter or generate my PIN as my signature on my tax year {{year}} electronically filed income tax return.',
    yourSignature: 'Your signature',
    spouseSignature: "Spouse's signature (joint return: both must sign)",
    date: 'Date',
    preparedBy: 'Prepared by {{firm}} on {{when}}',
  },
  /** What is stamped with each signature on the form. */
  signature: {
    /** Above a signature stamped on the firm's own PDF. */
    box: { taxpayer: "Taxpayer's signature (Form 8879)", spouse: "Spouse's signature (Form 8879)" },
    signedBy: 'Signed electronically by {{name}} - {{when}}',
  },
  /** The audit page appended to the signed form. */
  audit: {
    title: 'Electronic signature audit trail',
    document: 'Form 8879, tax year {{year}}, ticket {{ticket}}, {{firm}}',
    unsignedSha256: 'SHA-256 of the unsigned document: {{sha256}}',
    signer: { taxpayer: 'Taxpayer: {{name}}', spouse: 'Spouse: {{name}}' },
    email: 'E-mail: {{email}}',
    signedAt: 'Signed at (UTC): {{when}}',
    ip: 'IP address: {{ip}}',
    userAgent: 'User agent: {{userAgent}}',
    method: 'Method: {{method}}',
    methods: { drawn: 'drawn signature', typed: 'typed signature' },
    confirmedBy: 'Identity confirmed by: {{factor}}',
    /** How the signer confirmed their identity (contract SigningFactor). */
    factors: {
      passkey: 'passkey (WebAuthn)',
      totp: 'TOTP code from an authenticator app',
      recovery_code: 'recovery code',
      sms_code: 'SMS code',
      password: 'password',
      email_code: 'e-mailed one-time code',
    },
    /** An SMS code's masked number: `phone` is ••••1234. */
    smsCodeTo: 'SMS code to {{phone}}',
    stricterCheckOff: '{{factor}} - no second factor: the firm turned the stricter identity check off',
    documentSigned: 'Document signed: SHA-256 {{sha256}}',
    closing:
      'Each signer confirmed their identity before signing and typed their name; the signature above was applied by the portal at the time shown. This page is part of the signed record.',
  },
} as const;
