// pdf-lib and sharp load when the sample is made (once, on a first start), not with the server.
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { loadSharp } from '../platform/images.ts';

/**
 * Small documents for the demo's sample data, made on the spot (no binary fixtures in the repository):
 * one-page PDFs drawn with pdf-lib's standard fonts, and PNG "scans" drawn pixel by pixel with a built-in
 * 5×7 font, so they need no font installed on the machine. Every file says it is a sample.
 */

export interface SampleFile {
  filename: string;
  bytes: Buffer;
}

export const SAMPLE_NOTICE = 'Sample document made for the Tax Portal demo. Not a real tax form.';

export interface PdfSpec {
  /** The form's name as printed at the top, e.g. "Form W-2". */
  form: string;
  title: string;
  /** Printed top right, e.g. the tax year. */
  corner?: string;
  /** Who issued it and who it is for (two columns). */
  parties?: [label: string, lines: string[]][];
  /** Boxes: label and amount or text, two to a row. */
  boxes?: [label: string, value: string][];
  /** Free lines of text under the boxes. */
  notes?: string[];
  /** A diagonal stamp such as DRAFT. */
  stamp?: string;
  date: Date;
}

/** Standard PDF fonts speak WinAnsi: anything else is replaced rather than refused. */
const winAnsi = (s: string): string => s.replace(/[^\x20-\x7E\xA0-\xFF\u2013\u2014\u2019]/g, '?');

function text(page: PDFPage, s: string, x: number, y: number, font: PDFFont, size: number, color: Color) {
  page.drawText(winAnsi(s), { x, y, size, font, color });
}

/** A one-page, letter-size PDF that looks like a simple form or statement. */
export async function makePdf(spec: PdfSpec): Promise<Buffer> {
  const { degrees, PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const INK = rgb(0.12, 0.16, 0.22);
  const LINE = rgb(0.55, 0.6, 0.66);
  const SOFT = rgb(0.93, 0.95, 0.97);
  const doc = await PDFDocument.create();
  doc.setTitle(`${spec.form} – ${spec.title}`);
  doc.setAuthor('Tax Portal demo');
  doc.setCreationDate(spec.date);
  doc.setModificationDate(spec.date);
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 36, y: 712, width: 540, height: 48, color: SOFT, borderColor: LINE, borderWidth: 1 });
  text(page, spec.form, 48, 740, bold, 16, INK);
  text(page, spec.title, 48, 722, regular, 11, INK);
  if (spec.corner)
    text(page, spec.corner, 576 - bold.widthOfTextAtSize(winAnsi(spec.corner), 20) - 12, 728, bold, 20, INK);

  let y = 690;
  const parties = spec.parties ?? [];
  parties.forEach(([label, lines], i) => {
    const x = 36 + i * 276;
    const height = 22 + lines.length * 14;
    page.drawRectangle({ x, y: y - height, width: 264, height, borderColor: LINE, borderWidth: 1 });
    text(page, label, x + 8, y - 14, bold, 8, LINE);
    lines.forEach((l, j) => text(page, l, x + 8, y - 30 - j * 14, regular, 11, INK));
  });
  if (parties.length) y -= 22 + Math.max(...parties.map(([, l]) => l.length)) * 14 + 16;

  (spec.boxes ?? []).forEach(([label, value], i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = 36 + col * 276;
    const top = y - row * 46;
    page.drawRectangle({ x, y: top - 40, width: 264, height: 40, borderColor: LINE, borderWidth: 1 });
    text(page, label, x + 8, top - 13, regular, 8, LINE);
    text(page, value, x + 256 - bold.widthOfTextAtSize(winAnsi(value), 12), top - 32, bold, 12, INK);
  });
  y -= Math.ceil((spec.boxes ?? []).length / 2) * 46 + 14;

  for (const line of spec.notes ?? []) {
    text(page, line, 40, y, regular, 10, INK);
    y -= 15;
  }

  if (spec.stamp) {
    page.drawText(spec.stamp, {
      x: 150,
      y: 300,
      size: 96,
      font: bold,
      color: rgb(0.85, 0.2, 0.2),
      opacity: 0.18,
      rotate: degrees(30),
    });
  }
  text(page, SAMPLE_NOTICE, 36, 36, regular, 8, LINE);
  return Buffer.from(await doc.save());
}

// --- PNG "scans" ---------------------------------------------------------------------------------------------

/** A classic 5×7 font: each glyph is seven rows of five bits, top row first. */
const GLYPHS: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ',': [0, 0, 0, 0, 12, 4, 8],
  $: [4, 15, 20, 14, 5, 30, 4],
  '-': [0, 0, 0, 31, 0, 0, 0],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '/': [0, 1, 2, 4, 8, 16, 0],
  '#': [10, 10, 31, 10, 31, 10, 10],
  '&': [12, 18, 20, 8, 21, 18, 13],
  "'": [4, 4, 8, 0, 0, 0, 0],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

type Rgb = [number, number, number];

/** A white-on-nothing RGB canvas with the few drawing operations the samples need. */
class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.data = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb) {
    const x0 = Math.max(0, Math.round(x));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y0 = Math.max(0, Math.round(y));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0 || y1 <= y0) return;
    const row = Buffer.alloc((x1 - x0) * 3);
    for (let i = 0; i < row.length; i += 3) row.set(c, i);
    for (let j = y0; j < y1; j++) row.copy(this.data, (j * this.width + x0) * 3);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb) {
    for (let j = -ry; j <= ry; j++) {
      const half = Math.round(rx * Math.sqrt(1 - (j * j) / (ry * ry)));
      this.rect(cx - half, cy + j, half * 2 + 1, 1, c);
    }
  }

  /** Upper-case text in the 5×7 font, `scale` pixels per dot; unknown characters are left blank. */
  text(s: string, x: number, y: number, scale: number, c: Rgb) {
    let cx = x;
    for (const ch of s.toUpperCase()) {
      const rows = GLYPHS[ch] ?? GLYPHS[' ']!;
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (bits & (1 << (4 - col))) this.rect(cx + col * scale, y + row * scale, scale, scale, c);
        }
      });
      cx += 6 * scale;
    }
  }

  textWidth = (s: string, scale: number) => s.length * 6 * scale - scale;

  async png(): Promise<Buffer> {
    const sharp = await loadSharp();
    return sharp(this.data, { raw: { width: this.width, height: this.height, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
  }
}

const NAVY: Rgb = [28, 51, 92];
const DARK: Rgb = [40, 44, 52];
const GREY: Rgb = [150, 156, 166];
const PAPER: Rgb = [250, 249, 245];

/** A photo ID card with a placeholder portrait. */
export function idCardPng(p: { name: string[]; lines: string[] }): Promise<Buffer> {
  const c = new Canvas(640, 404, [226, 232, 240]);
  c.rect(16, 16, 608, 372, [236, 243, 250]);
  c.rect(16, 16, 608, 64, NAVY);
  c.text('SAMPLE STATE', 40, 30, 3, [255, 255, 255]);
  c.text('DRIVER LICENSE', 40, 56, 2, [200, 214, 235]);
  c.rect(40, 104, 170, 214, [203, 213, 225]);
  c.ellipse(125, 175, 40, 46, [148, 163, 184]);
  c.ellipse(125, 300, 72, 50, [148, 163, 184]);
  c.rect(40, 318, 170, 40, [236, 243, 250]);
  let y = 110;
  for (const n of p.name) {
    c.text(n, 240, y, 4, DARK);
    y += 40;
  }
  y += 6;
  for (const l of p.lines) {
    c.text(l, 240, y, 2, DARK);
    y += 26;
  }
  c.text('SAMPLE - DEMO DATA', 240, 340, 2, [185, 28, 28]);
  return c.png();
}

/** A till or donation receipt on white paper. */
export function receiptPng(p: {
  header: string[];
  items: [string, string][];
  total: [string, string];
  footer: string[];
}) {
  const height = 48 + p.header.length * 32 + 40 + p.items.length * 26 + 44 + p.footer.length * 24 + 70;
  const c = new Canvas(420, height, [214, 211, 204]);
  c.rect(30, 20, 360, height - 40, PAPER);
  let y = 48;
  for (const h of p.header) {
    c.text(h, 210 - c.textWidth(h, 3) / 2, y, 3, DARK);
    y += 32;
  }
  const rule = () => {
    for (let x = 50; x < 370; x += 12) c.rect(x, y, 6, 2, GREY);
    y += 20;
  };
  rule();
  for (const [label, amount] of p.items) {
    c.text(label, 52, y, 2, DARK);
    c.text(amount, 368 - c.textWidth(amount, 2), y, 2, DARK);
    y += 26;
  }
  rule();
  c.text(p.total[0], 52, y, 3, DARK);
  c.text(p.total[1], 368 - c.textWidth(p.total[1], 3), y, 3, DARK);
  y += 44;
  for (const f of p.footer) {
    c.text(f, 210 - c.textWidth(f, 2) / 2, y, 2, GREY);
    y += 24;
  }
  c.text('SAMPLE - DEMO DATA', 210 - c.textWidth('SAMPLE - DEMO DATA', 2) / 2, y + 8, 2, [185, 28, 28]);
  return c.png();
}
