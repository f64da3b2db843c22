import type { ConsentKind, Language, SigningFactor } from '@taxportal/contract';
import { textsIn } from '../platform/i18n.ts';
import { embedFonts, factorText, isWeakFactor, PdfTextFlow, utcStamp } from '../signing/index.ts';
import type { ConsentRow } from './consents.repository.ts';

const pdfLib = () => import('pdf-lib');

/** A consent that was signed (in force, expired or revoked since): the signature's record is complete. */
export type SignedConsentRow = ConsentRow & { signed_at: Date; signature_factor: string; text_sha256: string };

/**
 * The signed consent as a PDF (docs/decisions/0034), with signing's PDF kit (fonts, safe text, wrapping, the factor's
 * words, UTC stamps, the page flow the engagement letter's PDF uses): the document exactly as stored and signed (its
 * mandatory statements of Rev. Proc. 2013-14 section 5 in it), then a certificate of signature — who signed (the
 * typed name and the account), when (UTC), from which IP and user agent, the factor and the SHA-256 of the text —
 * and whether it was revoked. The labels are in the reader's language; the document stays the English one signed.
 */
export async function consentPdf(row: SignedConsentRow, language: Language): Promise<Buffer> {
  const { PDFDocument } = await pdfLib();
  const t = textsIn(language);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const flow = new PdfTextFlow(doc, fonts.regular);
  const put = flow.put.bind(flow);
  const unknown = t('consents.pdf.unknown');

  put(t(`consents.pdf.title.${row.kind as ConsentKind}`), 16, fonts.bold);
  flow.skip(8);
  put(row.body);

  flow.newPage();
  put(t('consents.pdf.certificate'), 16, fonts.bold);
  flow.skip(6);
  put(t('consents.pdf.sha256', { sha256: row.text_sha256 }), 9);
  flow.skip(10);
  put(t('consents.pdf.signedBy', { name: row.signature_name ?? row.customer_name }), 12, fonts.bold);
  put(t('consents.pdf.account', { name: row.customer_name, email: row.customer_email }), 10, fonts.regular, 12);
  put(t('consents.pdf.signedAt', { when: utcStamp(row.signed_at) }), 10, fonts.regular, 12);
  put(t('consents.pdf.ip', { ip: row.signature_ip ?? unknown }), 10, fonts.regular, 12);
  put(t('consents.pdf.userAgent', { userAgent: row.signature_user_agent ?? unknown }), 9, fonts.regular, 12);
  const confirmation = row.signature_factor as SigningFactor;
  const factor = factorText({ confirmation, phoneLast4: null, stricterCheckOff: isWeakFactor(confirmation) }, language);
  put(t('consents.pdf.confirmedBy', { factor }), 10, fonts.regular, 12);
  if (row.expires_at) put(t('consents.pdf.expiresAt', { when: utcStamp(row.expires_at) }), 10, fonts.regular, 12);
  if (row.revoked_at) put(t('consents.pdf.revokedAt', { when: utcStamp(row.revoked_at) }), 10, fonts.bold, 12);
  flow.skip(12);
  put(t('consents.pdf.closing'), 8);
  doc.setModificationDate(row.revoked_at ?? row.signed_at);
  return Buffer.from(await doc.save());
}
