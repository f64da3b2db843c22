import type * as PdfLibModule from 'pdf-lib';
import type { PDFDict, PDFDocument, PDFObject } from 'pdf-lib';
import type { TICKET_TEXTS } from '@taxportal/contract/texts';

type PdfLib = typeof PdfLibModule;

/** What was found, as a key of the catalogue's TICKET_TEXTS.documents.activeContent (the refusal names it). */
export type ActiveContent = keyof typeof TICKET_TEXTS.documents.activeContent;

/**
 * What makes a PDF act rather than show: scripts (document, page or field actions), launching programs, attached
 * files, Flash/rich media, XFA forms. A tax firm's vault stores documents to read; a PDF carrying any of these is
 * refused (the customer can print it to PDF, which flattens it). docs/decisions/0012.
 */
const ACTIVE_KEYS = new Map<string, ActiveContent>([
  ['JS', 'javascript'],
  ['JavaScript', 'javascript'],
  ['AA', 'automaticActions'],
  ['Launch', 'launchAction'],
  ['EmbeddedFile', 'attachedFile'],
  ['EmbeddedFiles', 'attachedFiles'],
  ['RichMedia', 'richMedia'],
  ['XFA', 'xfaForm'],
]);
const ACTIVE_ACTIONS = new Map<string, ActiveContent>([
  ['JavaScript', 'javascript'],
  ['Launch', 'launchAction'],
  ['ImportData', 'importAction'],
  ['RichMediaExecute', 'richMedia'],
  ['SubmitForm', 'formSubmission'],
]);

/** The same names written raw, for a PDF pdf-lib cannot read: `#xx` escapes decoded first. */
const RAW_ACTIVE = /\/(JS|JavaScript|AA|Launch|EmbeddedFiles?|RichMedia|XFA|ImportData|SubmitForm)(?![\w#])/;

function activeIn({ PDFName }: PdfLib, dict: PDFDict): ActiveContent | null {
  for (const [key, value] of dict.entries()) {
    const found = ACTIVE_KEYS.get(key.decodeText());
    if (found) return found;
    if (key.decodeText() === 'S' && value instanceof PDFName) {
      const action = ACTIVE_ACTIONS.get(value.decodeText());
      if (action) return action;
    }
  }
  return null;
}

function rawScan(bytes: Uint8Array): ActiveContent | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const m = RAW_ACTIVE.exec(text);
  return m ? (ACTIVE_KEYS.get(m[1] ?? '') ?? ACTIVE_ACTIONS.get(m[1] ?? '') ?? 'other') : null;
}

/**
 * Says what active content a PDF carries, or null. Every object is walked (object streams included, names
 * decoded) when pdf-lib can read the file; a file it cannot read is scanned as bytes.
 */
export async function pdfActiveContent(bytes: Uint8Array): Promise<ActiveContent | null> {
  // Loaded with the first PDF, not at start (the idle server's memory: bench/memory).
  const lib = await import('pdf-lib');
  const { PDFArray, PDFDict, PDFDocument, PDFRawStream, PDFStream } = lib;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return rawScan(bytes);
  }
  const visit = (obj: PDFObject | undefined, depth: number): ActiveContent | null => {
    if (!obj || depth > 32) return null;
    if (obj instanceof PDFDict) {
      const found = activeIn(lib, obj);
      if (found) return found;
      for (const [, v] of obj.entries()) {
        const inner = visit(v, depth + 1);
        if (inner) return inner;
      }
    } else if (obj instanceof PDFStream || obj instanceof PDFRawStream) {
      return visit(obj.dict, depth + 1);
    } else if (obj instanceof PDFArray) {
      for (const v of obj.asArray()) {
        const inner = visit(v, depth + 1);
        if (inner) return inner;
      }
    }
    return null;
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const found = visit(obj, 0);
    if (found) return found;
  }
  return null;
}
