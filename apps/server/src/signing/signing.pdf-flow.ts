import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { pdfSafe, wrap } from './signing.pdf.ts';

const PAGE: [number, number] = [612, 792];
const LEFT = 72;
const WIDTH = 468;
const TOP = 720;
const BOTTOM = 72;

/**
 * Text flowed down US Letter pages with one-inch margins, a new page when the next line has no room: the signed
 * documents' own pages (an engagement letter, a §7216 consent: docs/decisions/0034, 0036). Every string goes through
 * `pdfSafe` (what the font cannot draw becomes "?", control and bidi characters dropped) and `wrap`, line by line.
 */
export class PdfTextFlow {
  page: PDFPage;
  /** The baseline of the next line. */
  y = TOP;
  readonly left = LEFT;
  /** The column's width in points. */
  readonly width = WIDTH;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  room(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = TOP;
  }

  /** Moves down `height` points. */
  skip(height: number): void {
    this.y -= height;
  }

  /**
   * Writes `text` wrapped to the column (less `indent`), each line where it fits. Its line breaks are kept (a blank
   * line stays a blank line: a letter's paragraphs, list items and table rows), each line made safe on its own.
   */
  put(text: string, size = 10.5, font: PDFFont = this.regular, indent = 0): void {
    for (const paragraph of text.split(/\r\n|[\n\r\u2028\u2029]/)) {
      // A line's own leading spaces (a nested list item's) indent it.
      const lead = /^ */.exec(paragraph)![0].length;
      const at = indent + Math.min(lead, 12) * (size / 2);
      for (const line of wrap(pdfSafe(paragraph.slice(lead), font), font, size, WIDTH - at)) {
        this.room(size + 4);
        if (line) this.page.drawText(line, { x: LEFT + at, y: this.y, size, font });
        this.y -= size + 4;
      }
    }
  }
}
