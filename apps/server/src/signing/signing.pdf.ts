import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { SignatureMethod, SignerRole, SigningFactor } from '@taxportal/contract';
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
async function embedFonts(doc: PDFDocument): Promise<Fonts> {
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

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Form 8879 drawn from the ticket: the taxpayer, the year, the firm as ERO, and the signature lines. */
export async function generate8879(d: Form8879Details): Promise<Buffer> {
  const { PDFDocument, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  // The document's information is UTF-16 text: any character goes, but none that hides or reorders it.
  doc.setTitle(`Form 8879 ${d.taxYear} - ${pdfPlainText(d.taxpayerName)}`);
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

  text('Form 8879', 72, 730, 20, bold);
  text('IRS e-file Signature Authorization', 72, 708, 13, bold);
  text(`Tax year ${d.taxYear}`, 430, 730, 12, bold);
  text(`Ticket ${d.ticketName}`, 430, 712, 9, regular, grey);
  page.drawLine({ start: { x: 72, y: 696 }, end: { x: 540, y: 696 }, thickness: 1 });

  text("Taxpayer's name", 72, 676, 8, regular, grey);
  text(d.taxpayerName, 72, 662, 11, bold);
  if (d.spouseName) {
    text("Spouse's name", 320, 676, 8, regular, grey);
    text(d.spouseName, 320, 662, 11, bold);
  }
  text('Electronic return originator (ERO)', 72, 636, 8, regular, grey);
  text(d.firmName, 72, 622, 11, bold);

  text('Part I  Tax Return Information', 72, 592, 11, bold);
  const y = paragraph(
    `The amounts of your ${d.taxYear} return are those of the return your tax preparer showed you and that you approved in the portal. Keep a copy of the return for your records.`,
    576,
  );
  text('Part II  Taxpayer Declaration and Signature Authorization', 72, y - 14, 11, bold);
  paragraph(
    `Under penalties of perjury, I declare that I have examined a copy of my electronic individual income tax return and accompanying schedules and statements for the tax year ending December 31, ${d.taxYear}, and to the best of my knowledge and belief, it is true, correct, and complete. I consent to allow my ERO, transmitter, or intermediate service provider to send my return to the IRS and to receive from the IRS an acknowledgement of receipt or reason for rejection of the transmission. I authorize the ERO to enter or generate my PIN as my signature on my tax year ${d.taxYear} electronically filed income tax return.`,
    y - 30,
  );

  const line = (box: Box, label: string) => {
    page.drawLine({ start: { x: box.x, y: box.y }, end: { x: box.x + box.w, y: box.y }, thickness: 0.8 });
    text(label, box.x, box.y - 11, 8, regular, grey);
    page.drawLine({ start: { x: 400, y: box.y }, end: { x: 540, y: box.y }, thickness: 0.8 });
    text('Date', 400, box.y - 11, 8, regular, grey);
  };
  line(SIGNATURE_BOXES.generated.taxpayer, 'Your signature');
  if (d.spouseName) line(SIGNATURE_BOXES.generated.spouse, "Spouse's signature (joint return: both must sign)");
  text(`Prepared by ${d.firmName} on ${utcStamp(d.preparedAt)}`, 72, 60, 8, regular, grey);
  return Buffer.from(await doc.save());
}

const METHOD_TEXT: Record<SignatureMethod, string> = { drawn: 'drawn signature', typed: 'typed signature' };
const FACTOR_TEXT: Record<SigningFactor, string> = {
  passkey: 'passkey (WebAuthn)',
  totp: 'TOTP code from an authenticator app',
  recovery_code: 'recovery code',
  sms_code: 'SMS code',
  password: 'password',
  email_code: 'e-mailed one-time code',
};

/** "Identity confirmed by: …": the factor, an SMS code's masked number, and the firm's switch when it was off. */
export function factorText(s: Pick<SignatureEvidence, 'confirmation' | 'phoneLast4' | 'stricterCheckOff'>): string {
  let text = FACTOR_TEXT[s.confirmation];
  if (s.confirmation === 'sms_code' && s.phoneLast4) text += ` to \u2022\u2022\u2022\u2022${s.phoneLast4}`;
  if (s.stricterCheckOff) {
    text += ' - no second factor: the firm turned the stricter identity check off';
  }
  return text;
}
const ROLE_TEXT: Record<SignerRole, string> = { taxpayer: 'Taxpayer', spouse: 'Spouse' };

async function placeSignature(doc: PDFDocument, page: PDFPage, box: Box, s: SignatureEvidence, fonts: Fonts) {
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
  page.drawText(pdfSafe(`Signed electronically by ${s.name} - ${utcStamp(s.signedAt)}`, fonts.regular), {
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
  },
): Promise<Buffer> {
  const { PDFDocument, rgb } = await pdfLib();
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
      page.drawText(`${ROLE_TEXT[s.role]}'s signature (Form 8879)`, {
        x: box.x,
        y: box.y + box.h - 6,
        size: 6.5,
        font: fonts.regular,
        color: rgb(0.35, 0.35, 0.35),
      });
    }
    await placeSignature(doc, page, box, s, fonts);
  }

  const audit = doc.addPage([612, 792]);
  let y = 730;
  const put = (s: string, size = 10, font = fonts.regular, indent = 0) => {
    for (const l of wrap(pdfSafe(s, font), font, size, 468 - indent)) {
      audit.drawText(l, { x: 72 + indent, y, size, font });
      y -= size + 4;
    }
  };
  put('Electronic signature audit trail', 16, fonts.bold);
  y -= 6;
  put(`Form 8879, tax year ${opts.taxYear}, ticket ${opts.ticketName}, ${opts.firmName}`);
  put(`SHA-256 of the unsigned document: ${opts.unsignedSha256}`, 9);
  y -= 10;
  for (const s of opts.signers) {
    put(`${ROLE_TEXT[s.role]}: ${s.name}`, 12, fonts.bold);
    put(`E-mail: ${s.email}`, 10, fonts.regular, 12);
    put(`Signed at (UTC): ${utcStamp(s.signedAt)}`, 10, fonts.regular, 12);
    put(`IP address: ${s.ip}`, 10, fonts.regular, 12);
    put(`User agent: ${s.userAgent}`, 9, fonts.regular, 12);
    put(`Method: ${METHOD_TEXT[s.method]}`, 10, fonts.regular, 12);
    put(`Identity confirmed by: ${factorText(s)}`, 10, fonts.regular, 12);
    put(`Document signed: SHA-256 ${opts.unsignedSha256}`, 9, fonts.regular, 12);
    y -= 12;
  }
  put(
    'Each signer confirmed their identity before signing and typed their name; the signature above was applied by the portal at the time shown. This page is part of the signed record.',
    8,
  );
  doc.setModificationDate(opts.signers.at(-1)?.signedAt ?? new Date());
  return Buffer.from(await doc.save());
}
