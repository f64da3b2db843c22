import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Language, SignatureMethod, SignerRole, SigningFactor } from '@taxportal/contract';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { drawable, pdfFontFiles, pdfPlainText, type PdfFontFile } from '../platform/pdf-fonts.ts';

/**
 * pdf-lib, and fontkit that embeds its fonts, are loaded on first use (signing is rare; its fonts are a sizeable
 * part of a heap).
 */
const pdfLib = () => import('pdf-lib');
const fontkit = async () => (await import('@pdf-lib/fontkit')).default;

/** The font file each embedded font was made from: which characters it can draw. */
const fontFiles = new WeakMap<PDFFont, PdfFontFile>();

/**
 * The text as `font` draws it: every character the font has (Latin with accents, Cyrillic, Greek, the bullet of a
 * masked phone, ••••1234), "?" for the others (CJK, emoji: DejaVu has none), never a crash; control characters
 * and bidi controls dropped (platform/pdf-fonts.ts).
 */
export function pdfSafe(s: string, font: PDFFont): string {
  const file = fontFiles.get(font);
  if (!file) throw new Error('pdfSafe: a font not embedded by embedFonts');
  return drawable(s, file);
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** A typed signature's serif italic: embedded on first use (the unsigned form and a drawn signature have none). */
  script: () => Promise<PDFFont>;
}

/** The portal's PDF fonts (platform/pdf-fonts.ts), embedded as subsets: only the glyphs drawn. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(await fontkit());
  const files = await pdfFontFiles();
  const embed = async (file: PdfFontFile) => {
    const font = await doc.embedFont(file.bytes, { subset: true });
    fontFiles.set(font, file);
    return font;
  };
  let script: Promise<PDFFont> | undefined;
  return {
    regular: await embed(files.sans),
    bold: await embed(files.sansBold),
    script: () => (script ??= embed(files.serifItalic)),
  };
}

export interface Form8879Details {
  taxpayerName: string;
  spouseName: string | null;
  taxYear: number;
  firmName: string;
  ticketName: string;
  preparedAt: Date;
  /** The taxpayer's language (their saved one); without it, the firm's. */
  language?: Language;
}

export interface SignatureEvidence {
  role: SignerRole;
  name: string;
  email: string;
  method: SignatureMethod;
  /** The factor the signer confirmed with. */
  confirmation: SigningFactor;
  /** An SMS code's number: its last four digits. */
  phoneLast4: string | null;
  /** A password or e-mailed code because the firm had switched the stricter check off. */
  stricterCheckOff: boolean;
  /** PNG bytes (drawn) or the typed signature text. */
  image: Buffer | null;
  typed: string | null;
  signedAt: Date;
  ip: string;
  userAgent: string;
}

interface Box {
  page: 'first' | 'last';
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where each signature goes: the generated form has its own lines; a firm's PDF gets stamps at the foot. */
export const SIGNATURE_BOXES: Record<'generated' | 'uploaded', Record<SignerRole, Box>> = {
  generated: {
    taxpayer: { page: 'first', x: 72, y: 238, w: 300, h: 44 },
    spouse: { page: 'first', x: 72, y: 158, w: 300, h: 44 },
  },
  uploaded: {
    taxpayer: { page: 'last', x: 36, y: 24, w: 260, h: 52 },
    spouse: { page: 'last', x: 316, y: 24, w: 260, h: 52 },
  },
};

/** Whether pdf-lib can place this PNG (a drawn signature): checked before anything is written. */
export async function isUsablePng(bytes: Buffer): Promise<boolean> {
  try {
    const { PDFDocument } = await pdfLib();
    await (await PDFDocument.create()).embedPng(bytes);
    return true;
  } catch {
    return false;
  }
}

/** "2026-04-15 13:05:09 UTC" */
export const utcStamp = (d: Date): string => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** `text` cut into lines no wider than `width` at `size` (paragraphs kept; an over-long word cut into pieces). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A single word longer than the line (a user agent, a digest) is cut into pieces.
      // The longest piece that fits, found by halving (a 1,000-letter word costs a few measures a line, not
      // a thousand).
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let fits = 1;
        let over = rest.length;
        while (over - fits > 1) {
          const mid = (fits + over) >> 1;
          if (font.widthOfTextAtSize(rest.slice(0, mid), size) > width) over = mid;
          else fits = mid;
        }
        lines.push(rest.slice(0, fits));
        rest = rest.slice(fits);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Form 8879 drawn from the ticket: the taxpayer, the year, the firm as ERO, and the signature lines; in the
 * taxpayer's language (in Spanish, as Form 8879(SP) words it).
 */
export async function generate8879(d: Form8879Details): Promise<Buffer> {
  const { PDFDocument, rgb } = await pdfLib();
  const t = textsIn(d.language ?? recipientLanguage(null));
  const year = d.taxYear;
  const doc = await PDFDocument.create();
  // The document's information is UTF-16 text: any character goes, but none that hides or reorders it.
  doc.setTitle(t('pdf.form8879.documentTitle', { year, name: pdfPlainText(d.taxpayerName) }));
  doc.setAuthor(pdfPlainText(d.firmName));
  doc.setCreationDate(d.preparedAt);
  doc.setModificationDate(d.preparedAt);
  const page = doc.addPage([612, 792]);
  const { regular, bold } = await embedFonts(doc);
  const grey = rgb(0.35, 0.35, 0.35);
  const text = (s: string, x: number, y: number, size = 10, font = regular, color = rgb(0, 0, 0)) =>
    page.drawText(pdfSafe(s, font), { x, y, size, font, color });
  const paragraph = (s: string, y: number, size = 9): number => {
    for (const line of wrap(pdfSafe(s, regular), regular, size, 468)) {
      text(line, 72, y, size);
      y -= size + 3;
    }
    return y;
  };

  text(t('pdf.form8879.form'), 72, 730, 20, bold);
  text(t('pdf.form8879.title'), 72, 708, 13, bold);
  text(t('pdf.form8879.taxYear', { year }), 430, 730, 12, bold);
  text(t('pdf.form8879.ticket', { ticket: d.ticketName }), 430, 712, 9, regular, grey);
  page.drawLine({ start: { x: 72, y: 696 }, end: { x: 540, y: 696 }, thickness: 1 });

  text(t('pdf.form8879.taxpayerName'), 72, 676, 8, regular, grey);
  text(d.taxpayerName, 72, 662, 11, bold);
  if (d.spouseName) {
    text(t('pdf.form8879.spouseName'), 320, 676, 8, regular, grey);
    text(d.spouseName, 320, 662, 11, bold);
  }
  text(t('pdf.form8879.ero'), 72, 636, 8, regular, grey);
  text(d.firmName, 72, 622, 11, bold);

  text(t('pdf.form8879.part1'), 72, 592, 11, bold);
  const y = paragraph(t('pdf.form8879.part1Text', { year }), 576);
  text(t('pdf.form8879.part2'), 72, y - 14, 11, bold);
  paragraph(t('pdf.form8879.declaration', { year }), y - 30);

  const line = (box: Box, label: string) => {
    page.drawLine({ start: { x: box.x, y: box.y }, end: { x: box.x + box.w, y: box.y }, thickness: 0.8 });
    text(label, box.x, box.y - 11, 8, regular, grey);
    page.drawLine({ start: { x: 400, y: box.y }, end: { x: 540, y: box.y }, thickness: 0.8 });
    text(t('pdf.form8879.date'), 400, box.y - 11, 8, regular, grey);
  };
  line(SIGNATURE_BOXES.generated.taxpayer, t('pdf.form8879.yourSignature'));
  if (d.spouseName) line(SIGNATURE_BOXES.generated.spouse, t('pdf.form8879.spouseSignature'));
  text(t('pdf.form8879.preparedBy', { firm: d.firmName, when: utcStamp(d.preparedAt) }), 72, 60, 8, regular, grey);
  return Buffer.from(await doc.save());
}

/**
 * "Identity confirmed by: …": the factor, an SMS code's masked number, and the firm's switch when it was off; in
 * `language` (the firm's without one).
 */
export function factorText(
  s: Pick<SignatureEvidence, 'confirmation' | 'phoneLast4' | 'stricterCheckOff'>,
  language: Language = recipientLanguage(null),
): string {
  const t = textsIn(language);
  const sms = s.confirmation === 'sms_code' && s.phoneLast4;
  const factor = sms
    ? t('pdf.audit.smsCodeTo', { phone: `\u2022\u2022\u2022\u2022${s.phoneLast4}` })
    : t(`pdf.audit.factors.${s.confirmation satisfies SigningFactor}`);
  return s.stricterCheckOff ? t('pdf.audit.stricterCheckOff', { factor }) : factor;
}

async function placeSignature(
  doc: PDFDocument,
  page: PDFPage,
  box: Box,
  s: SignatureEvidence,
  fonts: Fonts,
  t: ReturnType<typeof textsIn>,
) {
  const { rgb } = await pdfLib();
  const date = s.signedAt.toISOString().slice(0, 10);
  if (s.image) {
    const png = await doc.embedPng(s.image);
    const scale = Math.min(box.w / png.width, box.h / png.height, 1);
    page.drawImage(png, { x: box.x + 2, y: box.y + 2, width: png.width * scale, height: png.height * scale });
  } else {
    // The serif italic, unless it lacks a letter the sans has (it covers fewer scripts).
    const raw = s.typed ?? s.name;
    const script = await fonts.script();
    const font = pdfSafe(raw, script) === pdfSafe(raw, fonts.regular) ? script : fonts.regular;
    const typed = pdfSafe(raw, font);
    let size = 22;
    while (size > 8 && font.widthOfTextAtSize(typed, size) > box.w - 4) size--;
    page.drawText(typed, { x: box.x + 2, y: box.y + 8, size, font, color: rgb(0.05, 0.1, 0.45) });
  }
  page.drawText(pdfSafe(t('pdf.signature.signedBy', { name: s.name, when: utcStamp(s.signedAt) }), fonts.regular), {
    x: box.x,
    y: box.y - 20,
    size: 6.5,
    font: fonts.regular,
    color: rgb(0.05, 0.1, 0.45),
  });
  page.drawText(date, {
    x: box.page === 'first' ? 404 : box.x + box.w - 48,
    y: box.y + 4,
    size: 10,
    font: fonts.regular,
  });
}

/**
 * The signed form: the new signatures placed on `base` (the unsigned PDF, or the previous signed one whose
 * audit page is then replaced), and one audit page appended naming, for every signer so far, who, when (UTC),
 * from where (IP, user agent), how (drawn or typed, how confirmed), and the sha256 of the unsigned document.
 * The result always has exactly one page more than the unsigned form.
 */
export async function signPdf(
  base: Buffer,
  opts: {
    source: 'generated' | 'uploaded';
    baseHasAuditPage: boolean;
    unsignedSha256: string;
    ticketName: string;
    taxYear: number;
    firmName: string;
    /** Signatures to draw now. */
    place: SignatureEvidence[];
    /** Every signer so far, for the audit page. */
    signers: SignatureEvidence[];
    /** The signer's language, the taxpayer's saved one, for the stamps and the audit page; without it, the firm's. */
    language?: Language;
  },
): Promise<Buffer> {
  const { PDFDocument, rgb } = await pdfLib();
  const language = opts.language ?? recipientLanguage(null);
  const t = textsIn(language);
  const doc = await PDFDocument.load(base);
  if (opts.baseHasAuditPage) doc.removePage(doc.getPageCount() - 1);
  const fonts = await embedFonts(doc);
  const pages = doc.getPages();
  for (const s of opts.place) {
    const box = SIGNATURE_BOXES[opts.source][s.role];
    const page = box.page === 'first' ? pages[0]! : pages[pages.length - 1]!;
    if (opts.source === 'uploaded') {
      page.drawRectangle({
        x: box.x - 4,
        y: box.y - 26,
        width: box.w + 8,
        height: box.h + 30,
        color: rgb(1, 1, 1),
        borderColor: rgb(0.6, 0.6, 0.6),
        borderWidth: 0.5,
      });
      page.drawText(pdfSafe(t(`pdf.signature.box.${s.role satisfies SignerRole}`), fonts.regular), {
        x: box.x,
        y: box.y + box.h - 6,
        size: 6.5,
        font: fonts.regular,
        color: rgb(0.35, 0.35, 0.35),
      });
    }
    await placeSignature(doc, page, box, s, fonts, t);
  }

  const audit = doc.addPage([612, 792]);
  let y = 730;
  const put = (s: string, size = 10, font = fonts.regular, indent = 0) => {
    for (const l of wrap(pdfSafe(s, font), font, size, 468 - indent)) {
      audit.drawText(l, { x: 72 + indent, y, size, font });
      y -= size + 4;
    }
  };
  const sha256 = opts.unsignedSha256;
  put(t('pdf.audit.title'), 16, fonts.bold);
  y -= 6;
  put(t('pdf.audit.document', { year: opts.taxYear, ticket: opts.ticketName, firm: opts.firmName }));
  put(t('pdf.audit.unsignedSha256', { sha256 }), 9);
  y -= 10;
  for (const s of opts.signers) {
    put(t(`pdf.audit.signer.${s.role satisfies SignerRole}`, { name: s.name }), 12, fonts.bold);
    put(t('pdf.audit.email', { email: s.email }), 10, fonts.regular, 12);
    put(t('pdf.audit.signedAt', { when: utcStamp(s.signedAt) }), 10, fonts.regular, 12);
    put(t('pdf.audit.ip', { ip: s.ip }), 10, fonts.regular, 12);
    put(t('pdf.audit.userAgent', { userAgent: s.userAgent }), 9, fonts.regular, 12);
    const method = t(`pdf.audit.methods.${s.method satisfies SignatureMethod}`);
    put(t('pdf.audit.method', { method }), 10, fonts.regular, 12);
    put(t('pdf.audit.confirmedBy', { factor: factorText(s, language) }), 10, fonts.regular, 12);
    put(t('pdf.audit.documentSigned', { sha256 }), 9, fonts.regular, 12);
    y -= 12;
  }
  put(t('pdf.audit.closing'), 8);
  doc.setModificationDate(opts.signers.at(-1)?.signedAt ?? new Date());
  return Buffer.from(await doc.save());
}
