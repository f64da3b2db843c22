/**
 * What the portal tells a person about their tickets: the in-portal notifications' titles and bodies, and the e-mails
 * about tickets, document requests (and their reminders), drafts and signing, by what happened. Ticket names,
 * people's names, services and status labels (ticket_statuses) are values.
 */
export const NOTIFICATION_TEXTS = {
  /** The pieces every ticket e-mail shares. */
  mail: {
    openTicket: 'Open the ticket: {{link}}',
    stopMails: 'To stop these e-mails, change your notification preferences in the portal.',
  },
  statusChanged: {
    title: '{{ticket}} is now: {{status}}',
    documentsNeeded: 'Documents needed: {{documents}}',
    text: 'Your ticket {{ticket}} ({{service}}) is now: {{status}}.',
    stillNeeded: 'We still need these documents from you:',
    /** To the assignee (staff label). */
    movedTitle: '{{ticket}} moved to {{status}}',
    movedBody: 'By {{name}}',
  },
  assigned: {
    title: '{{ticket}} was assigned to you',
  },
  internalNote: {
    title: '{{name}} added an internal note on {{ticket}}',
  },
  staffMessage: {
    title: 'New message on {{ticket}}',
    body: 'From {{name}}',
    subject: '{{ticket}}: a new message from your tax team',
    text: '{{name}} wrote to you about your ticket {{ticket}} ({{service}}).',
    /** To the assignee, when someone else of the staff wrote. */
    assigneeTitle: '{{name}} wrote on {{ticket}}',
  },
  customerReply: {
    title: '{{name}} replied on {{ticket}}',
    subject: '{{ticket}}: {{name}} replied',
    text: '{{name}} replied on ticket {{ticket}} ({{service}}).',
  },
  /** The notification's title is the e-mail's subject. */
  documentsRequested: {
    title: '{{ticket}}: documents requested',
    text: 'Your tax team asks for these documents for ticket {{ticket}} ({{service}}, {{year}}):',
    note: 'Note from your tax team: {{note}}',
    upload: 'Upload them on the ticket: {{link}}',
  },
  documentsReminder: {
    subject: 'Reminder: {{ticket}} is waiting for your documents',
    text: 'A reminder: your tax team is still waiting for these documents for ticket {{ticket}} ({{service}}, {{year}}):',
  },
  draftReady: {
    title: '{{ticket}}: draft v{{version}} is ready for your review',
    body: 'Open the ticket to preview the draft, then approve it or ask for changes.',
    text: 'Your tax preparer uploaded draft v{{version}} of your return ({{service}}, {{year}}).\nPreview it, then approve it or ask for changes:',
  },
  draftApproved: {
    title: '{{ticket}}: {{name}} approved draft v{{version}}',
    /** `status`: Draft Finalised, as staff read it. */
    body: 'The ticket is now {{status}}.',
  },
  draftChanges: {
    title: '{{ticket}}: {{name}} asked for changes to draft v{{version}}',
    /** Heads the customer's message in the ticket's conversation. */
    message: 'Changes requested on draft v{{version}}:',
  },
  signingReady: {
    title: '{{ticket}}: Form 8879 is ready for your signature',
    body: 'Sign the IRS e-file authorisation so that we can file your return.',
    text: 'Your e-file authorisation (Form 8879) for {{year}} is ready. Open the ticket to review and sign it:',
  },
  signed: {
    title: '{{ticket}}: Form 8879 is signed',
    byTaxpayer: '{{ticket}}: Form 8879 signed by the taxpayer',
    bySpouse: '{{ticket}}: Form 8879 signed by the spouse',
    body: '{{name}} signed on {{date}}.',
  },
  /** To the spouse of a joint return (no account): the request's language. */
  spouseCode: {
    subject: 'Your code to sign Form 8879 ({{ticket}})',
    text: "{{customer}} asked to sign your joint {{year}} return's e-file authorisation (Form 8879) with you.\nYour one-time code: {{code}}\nIt is valid for {{minutes}} minutes and can be used once. If you did not expect this, ignore this e-mail.",
  },
} as const;
