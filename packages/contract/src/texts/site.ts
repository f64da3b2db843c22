/** The public site's refusals and the e-mails its forms send. */
export const SITE_TEXTS = {} as const;
