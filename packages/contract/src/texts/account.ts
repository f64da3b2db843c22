/**
 * Account e-mails (password reset, invitations, new device, e-mail change, closing, referrals) and their refusals.
 * A mail is written line by line: a link, a name or an address is a value between the lines, never catalogue text.
 */
export const ACCOUNT_TEXTS = {
  passwordReset: {
    subject: 'Reset your Tax Portal password',
    body: 'Someone asked to reset the password of your Tax Portal account. If it was you, open this link within 30 minutes:',
    ignore: 'If it was not you, ignore this message: your password stays as it is.',
  },
  /** The account staff open for a person they help (an enquiry turned into a ticket). */
  customerInvitation: {
    subject: 'Your Tax Portal account',
    body: 'Thank you for contacting us. We opened an account for you on the Tax Portal, where you can follow your request.',
    link: 'Open this link within 7 days to choose your password:',
    ignore: 'If you did not contact us, ignore this message.',
    staffEmail: 'This e-mail belongs to a staff account.',
  },
  newDevice: {
    subject: 'New sign-in to your Tax Portal account',
    body: 'Your Tax Portal account was just signed in to from a device it had not seen before:',
    device: 'Device: {{device}}',
    place: 'Place: {{place}}',
    /** `time`: YYYY-MM-DD HH:MM. */
    time: 'Time: {{time}} UTC',
    advice: 'If this was you, there is nothing to do. If not, change your password and end that session from',
  },
  /** A session's device and place in plain words (the sessions list, the new-device mail); names are values. */
  devices: {
    browserOn: '{{browser}} on {{system}}',
    program: 'a program',
    unknown: 'Unknown device',
  },
  places: {
    unknown: 'Unknown',
    local: 'Local network',
  },
  emailChange: {
    /** To the new address. */
    confirm: {
      subject: 'Confirm your new Tax Portal e-mail address',
      body: 'To make this the e-mail address of your Tax Portal account, open this link within 24 hours:',
      ignore: 'If you did not ask for this, ignore this message.',
    },
    /** To the old address, when the change is asked for. */
    requested: {
      subject: 'A change of your Tax Portal e-mail address was requested',
      body: 'Someone signed in to your Tax Portal account asked to change its e-mail address to {{email}}.',
      note: 'The change happens only once the link sent to that address is opened.',
      advice: 'If this was not you, change your password and end your other sessions from your profile.',
    },
    /** To the old address, once the link was opened. */
    changed: {
      subject: 'Your Tax Portal e-mail address was changed',
      body: 'The e-mail address of your Tax Portal account is now {{email}}. Sign in with it from now on.',
      advice: 'If this was not you, contact the firm at once.',
    },
  },
  accountClosed: {
    subject: 'Your Tax Portal account is closed',
    body: 'Your Tax Portal account is closed: it can no longer be signed in to.',
    records: 'The firm keeps your tax records for the period the law requires.',
  },
  staffInvitation: {
    subject: 'You are invited to the {{firm}} staff',
    /** `roles`: the roles' names (account.roles), comma-separated. */
    body: '{{inviter}} invited you to join {{firm}} as {{roles}}.',
    link: 'Open this link within 7 days to choose your name and password:',
    ignore: 'If you did not expect this, ignore this message.',
  },
  /** The roles' names in a text (contract roles.ts ROLES), by role. */
  roles: {
    customer: 'Customer',
    admin: 'Admin',
    customerCare: 'Customer Care Department',
    taxPreparer: 'Tax Preparer',
    reviewer: 'Reviewer',
  },
  referralInvitation: {
    subject: '{{name}} invites you to Tax Portal',
    body: '{{name}} uses Tax Portal to have their taxes prepared and thought you might like it too.',
    link: 'Create your account here: {{link}}',
    ignore: 'If you do not want to hear about it, ignore this message: we will not write again.',
  },
} as const;
