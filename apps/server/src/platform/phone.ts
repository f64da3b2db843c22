import { PHONE_INVALID, phoneE164 } from '@taxportal/contract';
import { fieldError } from './errors.ts';

/**
 * The server's one rule for a phone number someone typed: a public site's form or enquiry, staff turning an enquiry
 * into a customer and a ticket, a lookup. Read in `region` (the firm's country: site's firmCountry) when it has no
 * +, answered in E.164, the form every phone is stored and looked up in; anything else is a 422 naming `field`,
 * never a 500. `possible` accepts a number of a possible length that the plan has not assigned (a lookup of what
 * is stored, which may predate this rule).
 */
export function normalisePhone(
  raw: string,
  opts: { region: string | undefined; field: string; message?: string; possible?: boolean },
): string {
  const e164 = phoneE164(raw, { region: opts.region, possible: opts.possible ?? false });
  if (e164 === null) throw fieldError(opts.field, opts.message ?? PHONE_INVALID);
  return e164;
}
