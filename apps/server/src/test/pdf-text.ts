import zlib from 'node:zlib';

/**
 * Tests only: the text drawn in a PDF made by pdf-lib or pdfkit, enough to check an invoice's or a signed form's
 * words without a PDF library. Reads the pages in order (Catalog, page tree, each page's content streams, objects
 * packed in object streams too) and decodes the strings of each text-showing operator (Tj, TJ) with the current
 * font (Tf): through its ToUnicode map when it has one (an embedded font: glyph ids, pdf-lib and pdfkit write the
 * map), else as single bytes (a standard font's WinAnsi, read as latin1). One operator's text per piece, joined by
 * `separator`. A PDF without a readable page tree is read stream by stream, as single bytes.
 */
export function pdfText(pdf: Buffer, separator = '\n'): string {
  const file = readObjects(pdf);
  const pages = file.root === null ? null : pageList(file, file.root);
  if (!pages) return [...file.streams.values()].flatMap((s) => showText(s, new Map())).join(separator);
  const out: string[] = [];
  for (const page of pages) {
    const fonts = fontMaps(file, page.resources);
    for (const ref of page.contents) {
      const content = file.streams.get(ref);
      if (content !== undefined) out.push(...showText(content, fonts));
    }
  }
  return out.join(separator);
}

// ---- PDF objects: just what pdf-lib and pdfkit write -------------------------------------------------------------

type Value = number | boolean | null | string | Name | Ref | Value[] | Dict;
class Name {
  constructor(readonly name: string) {}
}
class Ref {
  constructor(readonly num: number) {}
}
type Dict = Map<string, Value>;

const WHITESPACE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

/** Parses one object at `pos` of `s` (latin1 text); returns it and the position after it. */
function parseValue(s: string, pos: number): [Value, number] {
  const skip = () => {
    for (;;) {
      while (pos < s.length && WHITESPACE.test(s[pos]!)) pos++;
      if (s[pos] !== '%') return;
      while (pos < s.length && s[pos] !== '\n' && s[pos] !== '\r') pos++;
    }
  };
  const value = (): Value => {
    skip();
    const c = s[pos];
    if (c === '<' && s[pos + 1] === '<') {
      pos += 2;
      const dict: Dict = new Map();
      for (;;) {
        skip();
        if (s.startsWith('>>', pos)) {
          pos += 2;
          return dict;
        }
        const key = value();
        if (!(key instanceof Name)) throw new Error(`pdf-text: a dictionary key at ${pos}`);
        dict.set(key.name, value());
      }
    }
    if (c === '<') {
      const end = s.indexOf('>', pos);
      const hex = s.slice(pos + 1, end).replace(/\s/g, '');
      pos = end + 1;
      return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
    }
    if (c === '[') {
      pos++;
      const list: Value[] = [];
      for (;;) {
        skip();
        if (s[pos] === ']') {
          pos++;
          return list;
        }
        list.push(value());
      }
    }
    if (c === '(') {
      let depth = 0;
      let text = '';
      for (pos++; pos < s.length; pos++) {
        const ch = s[pos]!;
        if (ch === '\\') {
          text += s[++pos];
          continue;
        }
        if (ch === '(') depth++;
        if (ch === ')' && depth-- === 0) break;
        text += ch;
      }
      pos++;
      return text;
    }
    if (c === '/') {
      const start = ++pos;
      while (pos < s.length && !WHITESPACE.test(s[pos]!) && !DELIMITER.test(s[pos]!)) pos++;
      return new Name(
        s.slice(start, pos).replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      );
    }
    const word = /^[^\0\t\n\f\r ()<>[\]{}/%]+/.exec(s.slice(pos, pos + 64))?.[0];
    if (!word) throw new Error(`pdf-text: unexpected ${JSON.stringify(c)} at ${pos}`);
    pos += word.length;
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    // An integer followed by "G R" is a reference.
    const ref = /^\s+(\d+)\s+R(?![^\0\t\n\f\r ()<>[\]{}/%])/.exec(s.slice(pos, pos + 32));
    if (/^\d+$/.test(word) && ref) {
      pos += ref[0].length;
      return new Ref(Number(word));
    }
    return Number(word);
  };
  const v = value();
  return [v, pos];
}

interface PdfFile {
  objects: Map<number, Value>;
  /** Every stream object's decoded data (inflated when it can be), as latin1 text. */
  streams: Map<number, string>;
  root: number | null;
}

/** Every object of the file, top level and in object streams, in one table by number. */
function readObjects(pdf: Buffer): PdfFile {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, Value>();
  const streams = new Map<number, string>();
  let root: number | null = null;
  const objRe = /(\d+)\s+\d+\s+obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = objRe.exec(raw))) {
    const num = Number(m[1]);
    let value: Value;
    let pos: number;
    try {
      [value, pos] = parseValue(raw, m.index + m[0].length);
    } catch {
      continue;
    }
    objects.set(num, value);
    const stream = /^\s*stream\r?\n/.exec(raw.slice(pos, pos + 16));
    if (value instanceof Map && stream) {
      const start = pos + stream[0].length;
      const length = value.get('Length');
      const byLength =
        typeof length === 'number' && /^\s*endstream/.test(raw.slice(start + length, start + length + 16));
      const end = byLength ? start + length : raw.indexOf('endstream', start);
      if (end < 0) break;
      const bytes = pdf.subarray(start, end);
      let data: string;
      try {
        data = zlib.inflateSync(bytes).toString('latin1');
      } catch {
        data = bytes.toString('latin1');
      }
      streams.set(num, data);
      const type = value.get('Type');
      if (type instanceof Name && type.name === 'ObjStm') unpackObjectStream(value, data, objects);
      if (type instanceof Name && type.name === 'XRef') root = refNum(value.get('Root')) ?? root;
      objRe.lastIndex = end;
    } else {
      objRe.lastIndex = pos;
    }
  }
  // A classic trailer names the catalog too (the last one: the latest update's).
  const trailer = raw.lastIndexOf('trailer');
  if (trailer >= 0) {
    try {
      const [dict] = parseValue(raw, trailer + 'trailer'.length);
      if (dict instanceof Map) root = refNum(dict.get('Root')) ?? root;
    } catch {
      // no readable trailer: the cross-reference stream's, if any
    }
  }
  return { objects, streams, root };
}

function unpackObjectStream(dict: Dict, data: string, objects: Map<number, Value>) {
  const n = dict.get('N');
  const first = dict.get('First');
  if (typeof n !== 'number' || typeof first !== 'number') return;
  const header = data.slice(0, first).trim().split(/\s+/).map(Number);
  for (let i = 0; i < n; i++) {
    try {
      objects.set(header[2 * i]!, parseValue(data, first + header[2 * i + 1]!)[0]);
    } catch {
      // a broken object: left out
    }
  }
}

const refNum = (v: Value | undefined): number | null => (v instanceof Ref ? v.num : null);
const resolve = (file: PdfFile, v: Value | undefined): Value | undefined =>
  v instanceof Ref ? file.objects.get(v.num) : v;
const dictOf = (file: PdfFile, v: Value | undefined): Dict | null => {
  const d = resolve(file, v);
  return d instanceof Map ? d : null;
};

interface Page {
  resources: Dict | null;
  contents: number[];
}

/** The pages in order (the page tree from the catalog), with their resources (inherited) and content streams. */
function pageList(file: PdfFile, root: number): Page[] | null {
  const pagesRoot = dictOf(file, dictOf(file, new Ref(root))?.get('Pages'));
  if (!pagesRoot) return null;
  const pages: Page[] = [];
  const walk = (node: Dict, inherited: Dict | null, depth: number) => {
    const resources = dictOf(file, node.get('Resources')) ?? inherited;
    const kids = resolve(file, node.get('Kids'));
    if (Array.isArray(kids) && depth < 32) {
      for (const kid of kids) {
        const child = dictOf(file, kid);
        if (child) walk(child, resources, depth + 1);
      }
      return;
    }
    const contents = resolve(file, node.get('Contents'));
    const refs = (Array.isArray(contents) ? contents : [node.get('Contents')]).map(refNum);
    pages.push({ resources, contents: refs.filter((r): r is number => r !== null) });
  };
  walk(pagesRoot, null, 0);
  return pages;
}

// ---- Fonts: ToUnicode maps -----------------------------------------------------------------------------------------

interface CodeMap {
  /** Bytes per character code (2 for pdf-lib's and pdfkit's Identity-H fonts). */
  bytes: number;
  map: Map<number, string>;
}

/** The page's font resources by name: a map from codes to text for each font that has a ToUnicode map. */
function fontMaps(file: PdfFile, resources: Dict | null): Map<string, CodeMap> {
  const out = new Map<string, CodeMap>();
  const fonts = dictOf(file, resources?.get('Font'));
  for (const [name, ref] of fonts ?? []) {
    const toUnicode = refNum(dictOf(file, ref)?.get('ToUnicode'));
    const cmap = toUnicode === null ? undefined : file.streams.get(toUnicode);
    if (cmap !== undefined) out.set(name, parseToUnicode(cmap));
  }
  return out;
}

/** A CMap's target: UTF-16BE hex, maybe spaced (pdfkit writes a ligature's two letters as `<0066 0069>`). */
const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's codespace and its bfchar and bfrange entries (single targets and arrays). */
function parseToUnicode(cmap: string): CodeMap {
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      map.set(parseInt(e[1]!, 16), utf16(e[2]!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F\s]*)>|\[([^\]]*)\])/g)) {
      const lo = parseInt(e[1]!, 16);
      const hi = parseInt(e[2]!, 16);
      if (e[3] !== undefined) {
        // One target: the next codes map to the next characters (its last UTF-16 unit counted up).
        const units = Buffer.from(e[3].replace(/\s/g, ''), 'hex').swap16();
        for (let code = lo; code <= hi; code++) {
          map.set(code, units.toString('utf16le'));
          units.writeUInt16LE((units.readUInt16LE(units.length - 2) + 1) & 0xffff, units.length - 2);
        }
      } else {
        const targets = [...e[4]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((t) => utf16(t[1]!));
        targets.forEach((text, i) => lo + i <= hi && map.set(lo + i, text));
      }
    }
  }
  return { bytes: space ? space[1]!.length / 2 : 2, map };
}

// ---- Content streams -----------------------------------------------------------------------------------------------

/** The text of each Tj and TJ operator in a content stream, decoded with the font selected by Tf. */
function showText(content: string, fonts: Map<string, CodeMap>): string[] {
  const out: string[] = [];
  let font: CodeMap | undefined;
  const decode = (bytes: string): string => {
    if (!font) return bytes;
    let text = '';
    for (let i = 0; i + font.bytes <= bytes.length; i += font.bytes) {
      let code = 0;
      for (let k = 0; k < font.bytes; k++) code = code * 256 + bytes.charCodeAt(i + k);
      text += font.map.get(code) ?? '\uFFFD';
    }
    return text;
  };
  const hex = (h: string) => Buffer.from(h.length % 2 ? `${h}0` : h, 'hex').toString('latin1');
  const literal = (s: string) => s.replace(/\\([()\\])/g, '$1');
  const ops =
    /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf\b|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj|\[((?:[^\]()]|\((?:[^()\\]|\\.)*\))*)\]\s*TJ/g;
  for (const op of content.matchAll(ops)) {
    if (op[1] !== undefined) font = fonts.get(op[1]);
    else if (op[2] !== undefined) out.push(decode(hex(op[2].replace(/\s/g, ''))));
    else if (op[3] !== undefined) out.push(decode(literal(op[3])));
    else {
      const parts = [...op[4]!.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\)/g)];
      out.push(parts.map((p) => decode(p[1] !== undefined ? hex(p[1].replace(/\s/g, '')) : literal(p[2]!))).join(''));
    }
  }
  return out;
}
