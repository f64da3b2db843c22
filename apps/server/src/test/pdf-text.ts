import zlib from 'node:zlib';

/**
 * Tests only: the text drawn in a PDF made by pdf-lib (hex strings shown with Tj) or pdfkit (TJ arrays), enough
 * to check an invoice's or a signed form's words without a PDF library. Inflates every stream and decodes the
 * strings of each text-showing operator; one operator's text per piece, joined by `separator`.
 */
export function pdfText(pdf: Buffer, separator = '\n'): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  const hex = (h: string) => Buffer.from(h.length % 2 ? `${h}0` : h, 'hex').toString('latin1');
  const literal = (s: string) => s.replace(/\\([()\\])/g, '$1');
  while ((m = streamRe.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/<([0-9a-fA-F]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1] !== undefined) out.push(hex(op[1]));
      else if (op[2] !== undefined) out.push(literal(op[2]));
      else out.push([...op[3]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => hex(h[1]!)).join(''));
    }
    streamRe.lastIndex = end + 'endstream'.length;
  }
  return out.join(separator);
}
