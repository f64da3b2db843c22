import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';

/** One record of the file: the physical line it starts on (1-based, as an editor numbers them), its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /**
   * A quote on this line does not close where CSV allows (never closed, or followed by text): the line is a record of
   * its own, its cells only Papa's guess from it alone, and reading went on with the next line.
   */
  malformed: boolean;
}

/** The text encodings a file may come in: UTF-8 (with or without BOM), or what Excel writes on Windows. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** Bytes → text, chunk by chunk (a character split between chunks is kept whole); a NUL byte marks a binary file. */
export function decodeText(encoding: CsvEncoding, onBinary: () => void): Transform {
  const decoder = new TextDecoder(encoding, { fatal: false });
  return new Transform({
    readableObjectMode: false,
    decodeStrings: true,
    transform(chunk: Buffer, _enc, done) {
      if (chunk.includes(0)) {
        onBinary();
        done(new BinaryFileError());
        return;
      }
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

export class BinaryFileError extends Error {
  constructor() {
    super('binary file');
  }
}

/** Whether the file's first bytes are valid UTF-8 (else it is read as Windows-1252, what Excel saves "CSV" as). */
export function sniffEncoding(head: Buffer): CsvEncoding {
  // The last character may be cut by the sample's end: drop up to 3 trailing bytes of an unfinished sequence.
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0xc0) {
      end -= i;
      break;
    }
    if ((b & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter Papa guesses from the first rows of the text: comma, semicolon, tab or pipe. */
export function guessDelimiter(sample: string): string {
  const result = Papa.parse<string[]>(sample, {
    preview: 10,
    delimitersToGuess: [',', ';', '\t', '|'],
    // An empty line (the file's last) counts as a row of one cell, which sinks a two-column tab file below the guess.
    skipEmptyLines: 'greedy',
  });
  return result.meta.delimiter || ',';
}

/** How long a record may grow while a quoted cell stays open across lines before its first line is called broken. */
export const MAX_RECORD_CHARS = 64 * 1024;

interface Line {
  /** 1-based number of the physical line in the file. */
  no: number;
  /** The line with its terminator (\r\n, \n or \r), as in the file. */
  text: string;
}

/** The physical lines of a text stream, a chunk's worth at a time, terminators kept (a \r\n cut between chunks too). */
async function* physicalLines(text: Readable): AsyncGenerator<string[]> {
  text.setEncoding('utf8');
  const eol = /[\r\n]/g;
  let rest = '';
  for await (const chunk of text as AsyncIterable<string>) {
    rest += chunk;
    const lines: string[] = [];
    let start = 0;
    eol.lastIndex = 0;
    for (let m = eol.exec(rest); m; m = eol.exec(rest)) {
      const i = m.index;
      if (rest[i] === '\r' && i + 1 === rest.length) break; // a \n may follow in the next chunk
      const end = rest[i] === '\r' && rest[i + 1] === '\n' ? i + 2 : i + 1;
      lines.push(rest.slice(start, end));
      start = end;
      eol.lastIndex = end;
    }
    rest = rest.slice(start);
    if (lines.length) yield lines;
  }
  if (rest) yield [rest];
}

const withoutEol = (line: string) => line.replace(/\r?\n$|\r$/, '');

/**
 * Where a line leaves its record, read by Papa's own quoting rules: a quote opens a quoted cell only as the cell's
 * first character ("Bob "Bobby" Smith" is plain text), "" inside one is a quote, and it closes only before the
 * delimiter or the line's end (spaces between allowed). `closed`: the record may end here; `open`: a quoted cell
 * goes on to the next line; `broken`: a quote inside a quoted cell is followed by anything else (=HYPERLINK("a","b")
 * unquoted), which Papa would read as one cell running on to the next closing quote, lines further down.
 */
export function scanLine(content: string, delimiter: string, inQuotes: boolean): 'closed' | 'open' | 'broken' {
  let i = 0;
  let quoted = inQuotes;
  let cellStart = !inQuotes;
  while (i < content.length) {
    if (quoted) {
      const q = content.indexOf('"', i);
      if (q === -1) return 'open';
      if (content[q + 1] === '"') {
        i = q + 2;
        continue;
      }
      let j = q + 1;
      while (j < content.length && content[j] !== delimiter && /\s/.test(content[j]!)) j++;
      if (j === content.length) return 'closed';
      if (content[j] !== delimiter) return 'broken';
      quoted = false;
      cellStart = true;
      i = j + 1;
      continue;
    }
    if (cellStart && content[i] === '"') {
      quoted = true;
      cellStart = false;
      i++;
      continue;
    }
    const d = content.indexOf(delimiter, i);
    if (d === -1) return 'closed';
    cellStart = true;
    i = d + 1;
  }
  return quoted ? 'open' : 'closed';
}

const papaOptions = (delimiter: string) => ({ delimiter, newline: '\n' as const, skipEmptyLines: false as const });
const asCells = (row: unknown): string[] =>
  Array.isArray(row) ? row.map((c) => (typeof c === 'string' ? c : String(c))) : [];

/** A line that cannot be read as a record: its cells as Papa guesses them from that line alone. */
function brokenLine(line: Line, delimiter: string): CsvRecord {
  const guess = Papa.parse<string[]>(withoutEol(line.text), papaOptions(delimiter));
  return { line: line.no, cells: asCells(guess.data[0]), malformed: true };
}

/**
 * Cuts records out of lines: a record is the lines up to one that leaves no quoted cell open (scanLine), parsed alone
 * by Papa. A record that breaks (a stray quote, a quoted cell open too long or at the end) gives its first line as a
 * malformed record and its other lines are read again, each as the start of a record.
 */
class RecordCutter {
  private pending: Line[] = [];
  private pendingChars = 0;
  constructor(private readonly delimiter: string) {}

  /** Takes the next line of the file; the records it completes go to `out`. */
  push(line: Line, out: CsvRecord[]): void {
    const queue = [line];
    for (let next = queue.shift(); next; next = queue.shift()) this.take(next, queue, out);
  }

  /** The file ended: a quoted cell still open breaks at its first line, the lines after it are read again. */
  end(out: CsvRecord[]): void {
    while (this.pending.length) {
      const queue: Line[] = [];
      this.breakPending(queue, out);
      for (let next = queue.shift(); next; next = queue.shift()) this.take(next, queue, out);
    }
  }

  private breakPending(queue: Line[], out: CsvRecord[]) {
    const [first, ...rest] = this.pending;
    queue.unshift(...rest);
    this.pending = [];
    this.pendingChars = 0;
    out.push(brokenLine(first!, this.delimiter));
  }

  private take(line: Line, queue: Line[], out: CsvRecord[]) {
    this.pending.push(line);
    this.pendingChars += line.text.length;
    const scan = scanLine(withoutEol(line.text), this.delimiter, this.pending.length > 1);
    if (scan === 'broken' || (scan === 'open' && this.pendingChars > MAX_RECORD_CHARS))
      return this.breakPending(queue, out);
    if (scan === 'open') return;
    const record = withoutEol(this.pending.map((l) => l.text).join(''));
    if (record) {
      // With its line end, as Papa reads a line of a file (spaces after a closing quote allowed before it).
      const parsed = Papa.parse<string[]>(`${record}\n`, papaOptions(this.delimiter));
      const last = parsed.data.at(-1);
      if (last?.length === 1 && last[0] === '') parsed.data.pop();
      if (parsed.errors.some((e) => e.type === 'Quotes') || parsed.data.length !== 1)
        return this.breakPending(queue, out);
      const cells = asCells(parsed.data[0]);
      if (cells.join('').trim() !== '') out.push({ line: this.pending[0]!.no, cells, malformed: false });
    }
    this.pending = [];
    this.pendingChars = 0;
  }
}

/**
 * The records of a CSV text stream, read as it streams (never the whole file in memory), so one broken quote never
 * swallows the rest of the file: that line is reported malformed and reading goes on with the next line
 * (RecordCutter). A quoted cell may span lines up to MAX_RECORD_CHARS. Empty lines (blank, or delimiters only) are
 * skipped. Every physical line is thus blank, part of a record, or a malformed record of its own. `delimiter`: as
 * guessed at upload.
 */
export async function* readCsv(text: Readable, delimiter: string): AsyncGenerator<CsvRecord> {
  const cutter = new RecordCutter(delimiter);
  let no = 0;
  const out: CsvRecord[] = [];
  try {
    for await (const lines of physicalLines(text)) {
      for (const raw of lines) {
        no++;
        cutter.push({ no, text: no === 1 ? raw.replace(/^\ufeff/, '') : raw }, out);
      }
      yield* out.splice(0);
    }
    cutter.end(out);
    yield* out.splice(0);
  } finally {
    text.destroy();
  }
}
