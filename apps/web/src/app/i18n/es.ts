import auth from '../../features/auth/es.json';
import cms from '../../features/cms/es.json';
import placeholder from '../../features/placeholder/es.json';
import shell from './es.json';
import {
  AUTH_FIELD_MESSAGES,
  BILLING_FIELD_MESSAGES,
  BILLING_MESSAGES,
  CATALOG_FIELD_MESSAGES,
  COMMON_FIELD_MESSAGES,
  DOCUMENT_FIELD_MESSAGES,
  DRAFT_MESSAGES,
  MESSAGES,
  UPLOAD_MESSAGES,
} from '@taxportal/contract';
import billing from '@taxportal/contract/texts/es/billing.json';
import drafts from '@taxportal/contract/texts/es/drafts.json';
import fields from '@taxportal/contract/texts/es/fields.json';
import messages from '@taxportal/contract/texts/es/messages.json';
import uploads from '@taxportal/contract/texts/es/uploads.json';
import { flattenTexts, type TextTree } from '@taxportal/contract/texts/tree';
import { registerContractTexts } from '../../lib/language.ts';

/** The first load's catalogues in Spanish (index.ts's `catalogues`): a chunk only Spanish readers load. */
export const texts = { ...shell, ...auth, ...cms, ...placeholder };

/** English to Spanish for each text of `english` (a contract message object) that `spanish` has. */
const paired = (english: TextTree, spanish: TextTree): [string, string][] => {
  const es = flattenTexts(spanish);
  return [...flattenTexts(english)].flatMap(([key, text]) => (es.has(key) ? [[text, es.get(key)!]] : []));
};

// The contract's texts the web shows itself (lib/language.ts contractText), in Spanish.
registerContractTexts(
  'es',
  new Map([
    ...paired(MESSAGES, messages),
    ...paired(BILLING_MESSAGES, billing),
    ...paired(UPLOAD_MESSAGES, uploads),
    ...paired(DRAFT_MESSAGES, drafts),
    ...paired(COMMON_FIELD_MESSAGES, fields.common),
    ...paired(AUTH_FIELD_MESSAGES, fields.auth),
    ...paired(BILLING_FIELD_MESSAGES, fields.billing),
    ...paired(CATALOG_FIELD_MESSAGES, fields.catalog),
    ...paired(DOCUMENT_FIELD_MESSAGES, fields.documents),
  ]),
);
