import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The fonts the portal's PDFs are drawn with (the Form 8879 and its audit page, invoices): DejaVu, embedded as a
 * subset, so names in Latin with accents, Cyrillic or Greek print as typed; the standard 14 PDF fonts only spoke
 * WinAnsi and printed them as "?". Sans and sans bold for text, a serif italic for a typed signature: the condensed
 * cuts, as wide as the Helvetica and Times they replace within a few per cent, so lines break where they did.
 */
export type PdfFontFace = 'sans' | 'sansBold' | 'serifItalic';

const FILES: Record<PdfFontFace, string> = {
  sans: 'DejaVuSansCondensed.ttf',
  sansBold: 'DejaVuSansCondensed-Bold.ttf',
  serifItalic: 'DejaVuSerifCondensed-Italic.ttf',
};

export interface PdfFontFile {
  /** The TrueType file, for pdf-lib's `embedFont` or pdfkit's `registerFont`. */
  readonly bytes: Uint8Array;
  /** Whether the font has a glyph for this code point. */
  has(codePoint: number): boolean;
}

export type PdfFontFiles = Record<PdfFontFace, PdfFontFile>;

let loading: Promise<PdfFontFiles> | undefined;

/**
 * Where the npm package `dejavu-fonts-ttf` keeps its files, found through Node's resolution from this module: in
 * development (tsx, src/) and in the built server (esbuild keeps npm dependencies external, so dist/main.js finds
 * the package in node_modules at run time just the same).
 */
function fontDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

async function load(): Promise<PdfFontFiles> {
  // Only to know which characters each font can draw (its cmap); pdf-lib and pdfkit parse the files themselves.
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  const dir = fontDir();
  const entries = await Promise.all(
    (Object.keys(FILES) as PdfFontFace[]).map(async (face) => {
      const bytes = new Uint8Array(await readFile(path.join(dir, FILES[face])));
      const covered = new Set(fontkit.create(bytes).characterSet);
      const file: PdfFontFile = { bytes, has: (cp) => covered.has(cp) };
      return [face, file] as const;
    }),
  );
  return Object.fromEntries(entries) as PdfFontFiles;
}

/** The three font files, read on the first PDF and kept (about 1.7 MB) for the next ones. */
export function pdfFontFiles(): Promise<PdfFontFiles> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined; // a later PDF tries again
    throw err;
  });
  return loading;
}

/**
 * Text as a PDF shows it or keeps it in its metadata: composed (NFC: a letter and its accent typed apart become
 * one), without control characters (line breaks and tabs become spaces) and without invisible format characters:
 * bidi controls (a name can carry U+202E to show reversed), zero-width joiners, variation selectors.
 */
export function pdfPlainText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\x85\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu, '');
}

/** The text as `font` can draw it: `pdfPlainText`, and "?" for each character it has no glyph for (CJK, emoji). */
export function drawable(s: string, font: Pick<PdfFontFile, 'has'>): string {
  let out = '';
  for (const ch of pdfPlainText(s)) out += ch === ' ' || font.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}
