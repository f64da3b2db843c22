import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';

/** One record of the file: its 1-based number among the records (the header is 1), its cells, whether it parsed. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** Papa reported a quoting error on it (an unclosed or stray quote): its cells are not to be trusted. */
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
  const result = Papa.parse<string[]>(sample, { preview: 10, delimitersToGuess: [',', ';', '\t', '|'] });
  return result.meta.delimiter || ',';
}

const QUEUE_HIGH = 500;

/**
 * The records of a CSV text stream, one at a time, with back-pressure: Papa's streaming parser is paused while the
 * consumer is behind (never the whole file in memory). Empty lines are skipped. `delimiter`: as guessed at upload.
 */
export async function* readCsv(text: Readable, delimiter: string): AsyncGenerator<CsvRecord> {
  const queue: CsvRecord[] = [];
  let parser: Papa.Parser | null = null;
  let paused = false;
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  let line = 0;
  text.on('error', (err) => {
    failure ??= err;
    finished = true;
    notify();
  });
  Papa.parse<string[]>(text as unknown as File, {
    delimiter,
    skipEmptyLines: 'greedy',
    step(results, p) {
      parser = p;
      line++;
      const cells = (results.data ?? []).map((c) => (typeof c === 'string' ? c : String(c)));
      const malformed = results.errors.some((e) => e.type === 'Quotes');
      queue.push({ line, cells, malformed });
      if (queue.length >= QUEUE_HIGH && !paused) {
        paused = true;
        p.pause();
      }
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(err) {
      failure ??= err;
      finished = true;
      notify();
    },
  });
  try {
    for (;;) {
      if (queue.length) {
        yield queue.shift()!;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      if (paused && parser) {
        paused = false;
        (parser as Papa.Parser).resume();
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!finished) {
      (parser as Papa.Parser | null)?.abort();
      text.destroy();
    }
  }
}
