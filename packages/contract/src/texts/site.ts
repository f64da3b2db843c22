/**
 * The public site's refusals (its forms, the contact enquiry), the site editor's and the inbox's, the staff
 * notifications of what visitors send, and the e-mail staff reply to an enquiry with. A form's own texts (its
 * labels, its title) are the firm's content, in the content's languages: values here.
 */
export const SITE_TEXTS = {
  /** A visitor's answers checked against the form's definition (`label`: the field's label). */
  form: {
    required: '{{label}} is required',
    tick: '{{label}}: tick or leave it',
    number: '{{label}} must be a number',
    phone: '{{label}} must be a phone number',
    date: '{{label}} must be a date (YYYY-MM-DD)',
    choose: '{{label}}: choose one of the options',
    sendFile: '{{label}}: send the file itself',
    text: '{{label}} must be text',
    tooLong: '{{label}} is too long',
    noSuchField: 'This form has no such field',
    noRows: 'This form has no rows',
    tooManyRows: 'At most {{max}} rows',
    noSuchFileField: 'This form has no such file field',
    fileNotSent: 'This file is not one sent with this submission',
    answersTooLong: 'The answers are too long.',
    answersNotJson: 'The answers are not valid JSON.',
    answersMissing: 'The answers are missing.',
    tooFast: 'Please take a moment to fill in the form, then send it again.',
    tooFastField: 'Sent too quickly',
  },
  /** A signed-in visitor editing what they sent. */
  mySubmissions: {
    handled:
      'Our team has already handled this submission, so it can no longer be changed. Please send the form again or contact us.',
    formClosed: 'This form is no longer published, so its submissions can no longer be changed.',
  },
  /** What staff who answer Open Requests are notified of (`name`: the sender's; `form`: the form's title). */
  notify: {
    newEnquiry: 'New enquiry from {{name}}',
    contactForm: 'Contact form',
    newSubmission: 'New “{{form}}” submission',
    submissionEdited: '“{{form}}” submission edited by its sender',
  },
  enquiry: {
    notFound: 'Enquiry not found.',
    phoneRequired: 'A phone number is required for a ticket.',
    phoneUnreadable: 'The enquiry’s phone number cannot be read: enter the customer’s number.',
  },
  /** Staff's reply to an enquiry, by e-mail: their words, then the enquiry quoted (`date`: YYYY-MM-DD). */
  enquiryReply: {
    subject: 'Re: {{subject}}',
    subjectNone: 'Your enquiry',
    wrote: 'You wrote on {{date}}:',
  },
  media: {
    notMultipart: 'Send the upload as multipart/form-data.',
    oneImage: 'Send one image as `file`.',
    chooseImage: 'Choose an image to upload.',
    notAnImage: 'Upload a JPEG, PNG, WebP, AVIF or GIF image.',
    inUse: 'This image is used on the site. Remove it from the pages and entries that use it first.',
    gone: 'This image is no longer in the media library.',
  },
  entries: {
    routeTaken: 'A page already has this route.',
    slugTaken: 'This slug is already used.',
  },
  editors: {
    userNotFound: 'User not found.',
    onlyStaff: 'Only staff can edit the site.',
  },
} as const;
