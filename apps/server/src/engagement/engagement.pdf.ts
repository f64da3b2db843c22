import type { Language, SignatureMethod, SignerRole, SigningFactor } from '@taxportal/contract';
import { textsIn } from '../platform/i18n.ts';
import type { PDFFont } from 'pdf-lib';
import { embedFonts, factorText, pdfSafe, PdfTextFlow, utcStamp, wrap } from '../signing/index.ts';

/**
 * The signed engagement letter (docs/decisions/0036), drawn with pdf-lib and signing's PDF kit: the letter's text as
 * sent, each signer's signature (drawn or typed) under it, and a certificate page naming for each signer who, when
 * (UTC), from where (IP, user agent), how they signed and which factor confirmed them, and the letter's SHA-256.
 */
const pdfLib = () => import('pdf-lib');

export interface LetterSignature {
  role: SignerRole;
  name: string;
  email: string;
  method: SignatureMethod;
  factor: SigningFactor;
  phoneLast4: string | null;
  stricterCheckOff: boolean;
  image: Buffer | null;
  typed: string | null;
  signedAt: Date;
  ip: string;
  userAgent: string;
}

export interface LetterPdf {
  text: string;
  sha256: string;
  taxYear: number;
  clientName: string;
  firmName: string;
  signers: LetterSignature[];
  language: Language;
}

/**
 * A typed signature's lines: at 20 points if it fits the column, else shrunk to fit it (down to 11 points), and a
 * name longer still wrapped onto more lines: never past the page's edge.
 */
export function typedLines(text: string, font: PDFFont, width: number): { size: number; lines: string[] } {
  const wide = font.widthOfTextAtSize(text, 20);
  const size = wide <= width ? 20 : Math.max(11, Math.floor((20 * width) / wide));
  return { size, lines: wrap(text, font, size, width) };
}

export async function letterPdf(d: LetterPdf): Promise<Buffer> {
  const { PDFDocument, rgb } = await pdfLib();
  const t = textsIn(d.language);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const flow = new PdfTextFlow(doc, fonts.regular);
  const put = flow.put.bind(flow);

  put(t('engagement.pdf.title'), 16, fonts.bold);
  flow.skip(8);
  put(d.text);
  flow.skip(24);
  for (const s of d.signers) {
    if (s.image) {
      flow.room(70);
      const { page, left, y } = flow;
      const png = await doc.embedPng(s.image);
      const scale = Math.min(200 / png.width, 50 / png.height, 1);
      page.drawImage(png, { x: left, y: y - 50, width: png.width * scale, height: png.height * scale });
      flow.skip(58);
    } else {
      const raw = s.typed ?? s.name;
      const script = await fonts.script();
      const font = pdfSafe(raw, script) === pdfSafe(raw, fonts.regular) ? script : fonts.regular;
      const { size, lines } = typedLines(pdfSafe(raw, font), font, flow.width);
      const height = lines.length * (size + 4);
      flow.room(height + 30);
      const { page, left } = flow;
      flow.skip(Math.max(30 - height, 0));
      for (const line of lines) {
        flow.skip(size + 4);
        page.drawText(line, { x: left, y: flow.y + 4, size, font, color: rgb(0.05, 0.1, 0.45) });
      }
      flow.skip(10);
    }
    const { page, left } = flow;
    page.drawLine({
      start: { x: left, y: flow.y },
      end: { x: left + 240, y: flow.y },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
    flow.skip(12);
    put(t(`engagement.pdf.signer.${s.role}`, { name: s.name }) + ` · ${utcStamp(s.signedAt)}`, 8.5);
    flow.skip(10);
  }

  flow.newPage();
  put(t('engagement.pdf.certificate'), 16, fonts.bold);
  flow.skip(6);
  put(t('engagement.pdf.document', { year: d.taxYear, client: d.clientName, firm: d.firmName }));
  put(t('engagement.pdf.sha256', { sha256: d.sha256 }), 9);
  flow.skip(10);
  for (const s of d.signers) {
    put(t(`engagement.pdf.signer.${s.role}`, { name: s.name }), 12, fonts.bold);
    put(t('engagement.pdf.email', { email: s.email }), 10, fonts.regular, 12);
    put(t('engagement.pdf.signedAt', { when: utcStamp(s.signedAt) }), 10, fonts.regular, 12);
    put(t('engagement.pdf.ip', { ip: s.ip }), 10, fonts.regular, 12);
    put(t('engagement.pdf.userAgent', { userAgent: s.userAgent }), 9, fonts.regular, 12);
    put(t('engagement.pdf.method', { method: t(`pdf.audit.methods.${s.method}`) }), 10, fonts.regular, 12);
    const factor = factorText(
      { confirmation: s.factor, phoneLast4: s.phoneLast4, stricterCheckOff: s.stricterCheckOff },
      d.language,
    );
    put(t('engagement.pdf.confirmedBy', { factor }), 10, fonts.regular, 12);
    flow.skip(12);
  }
  put(t('engagement.pdf.closing'), 8);
  doc.setModificationDate(d.signers.at(-1)?.signedAt ?? new Date());
  return Buffer.from(await doc.save());
}
