/**
 * The public site's and its editor's field messages; FIELD_TEXTS.site in the server's catalogue. Schemas name them as
 * `{ error: () => SITE_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const SITE_FIELD_MESSAGES = {
  required: 'Required',
  colour: 'Use a colour like #1c7ed6',
  httpsAddress: 'Use an https:// address',
  href: 'Use a web address (https://…), a path on this site (/…), mailto: or tel:',
  imageHref: 'Upload the image to the media library, or use a path on this site (/…)',
  slug: 'Use lower-case letters, digits and dashes',
  messageRequired: 'Message is required',
  replyRequired: 'Write a reply',
  blockIdTwice: 'Two blocks have the same id',
  mobileVariantHomeOnly: 'Only the home page has a mobile variant',
  dateTimeWithOffset: 'Use a date and time with its offset',
  timeZone: 'Use a time zone such as America/New_York',
  eventEndsBeforeStart: 'An event cannot end before it starts',
  fieldName: 'Use lower-case letters, digits and underscores',
  optionValueTwice: 'Two options have the same value',
  selectNeedsOptions: 'A select needs options',
  fieldNameTwice: 'Two fields have the same name',
  blockAnchor: 'Use letters, digits, - and _',
} as const;
