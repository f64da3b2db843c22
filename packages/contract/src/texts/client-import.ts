/**
 * Admin's import of clients from a CSV (issue 32): the refusals of a file or a step, and the invitation the
 * imported clients get by e-mail or text. `firm` is the firm's published name, `link` the set-password link (values).
 */
export const CLIENT_IMPORT_TEXTS = {
  file: {
    missing: 'Choose a CSV file to upload.',
    notMultipart: 'Send the file as a multipart form.',
    binary: 'This file is not a CSV text file. Save the list as CSV and try again.',
    empty: 'The file is empty.',
    headerOnly: 'The file has a header row but no clients.',
    tooManyRows: 'The file has more than {{max}} rows. Split it into smaller files and import each one.',
    tooManyColumns: 'The file has more than {{max}} columns.',
  },
  mapping: {
    nameMissing: 'Choose the column with the full name, or the first and last name columns.',
    emailMissing: 'Choose the column with the e-mail address.',
    columnMissing: 'A chosen column is not in the file.',
    sameColumn: 'A column can be used for one field only.',
  },
  step: {
    committed: 'These clients were imported already.',
    notMapped: 'Choose the columns first.',
    joined: 'This client has joined already.',
    notChecked: 'Check the file with its mapping (dry run) before importing.',
    notCommitted: 'Import the clients before inviting them.',
    smsOff: 'Text messages are not set up on this portal.',
    noPhone: 'This client has no phone number to text.',
    notFound: 'Import not found.',
  },
  invitation: {
    subject: 'Your client portal at {{firm}}',
    body: '{{firm}} invites you to its client portal, where you can send your documents and follow your tax return.',
    link: 'Open this link within 7 days to choose your password:',
    ignore: 'If you do not know {{firm}}, ignore this message.',
    sms: '{{firm}} invites you to its client portal. Choose your password within 7 days: {{link}}',
  },
} as const;
