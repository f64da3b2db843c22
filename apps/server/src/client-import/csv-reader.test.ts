import { Readable } from 'node:stream';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type CsvRecord, MAX_RECORD_CHARS, guessDelimiter, readCsv, scanLine } from './csv-reader.ts';

/** The text as a stream of the given chunk size (a \r\n or a character may be cut between chunks). */
const streamOf = (text: string, chunk = 7) => {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  return Readable.from(parts, { objectMode: false });
};

async function read(text: string, delimiter = ',', chunk = 7): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of readCsv(streamOf(text, chunk), delimiter)) out.push(r);
  return out;
}

const brief = (records: CsvRecord[]) => records.map((r) => [r.line, r.malformed, r.cells[0]]);

describe('readCsv: a broken quote never swallows the rest of the file', () => {
  it('an unquoted formula with quotes is one malformed line; every line after it is read', async () => {
    const csv = [
      'Name,Email',
      'Ann,ann@x.test',
      '=HYPERLINK("http://x/","y"),hl@x.test',
      'Bob,bob@x.test',
      'Cy,cy@x.test',
    ].join('\n');
    // Papa alone reads the formula's second cell as a quoted cell running to the end of the file.
    expect(Papa.parse(csv).data).toHaveLength(3);
    expect(brief(await read(csv))).toEqual([
      [1, false, 'Name'],
      [2, false, 'Ann'],
      [3, true, '=HYPERLINK("http://x/"'],
      [4, false, 'Bob'],
      [5, false, 'Cy'],
    ]);
  });

  it('a quote inside a plain cell is text: Bob "Bobby" Smith', async () => {
    const records = await read('Name,Email\nBob "Bobby" Smith,b@x.test\nBob "Bobby,c@x.test\nCy,cy@x.test\n');
    expect(records.map((r) => r.cells)).toEqual([
      ['Name', 'Email'],
      ['Bob "Bobby" Smith', 'b@x.test'],
      ['Bob "Bobby', 'c@x.test'],
      ['Cy', 'cy@x.test'],
    ]);
    expect(records.every((r) => !r.malformed)).toBe(true);
  });

  it('a quote never closed: that line is malformed and the lines it seemed to hold are read again', async () => {
    const csv = 'Name,Email\n"Broken,b@x.test\nAnn,ann@x.test\nBob,bob@x.test\n';
    expect(brief(await read(csv))).toEqual([
      [1, false, 'Name'],
      [2, true, 'Broken,b@x.test'],
      [3, false, 'Ann'],
      [4, false, 'Bob'],
    ]);
  });

  it('a quoted cell that closes on a later line but with text after it: the first line only is malformed', async () => {
    const csv = 'Name,Email\n"Open,a@x.test\nBob,"b@x.test"x\nCy,cy@x.test\n';
    expect(brief(await read(csv))).toEqual([
      [1, false, 'Name'],
      [2, true, 'Open,a@x.test'],
      [3, true, 'Bob'],
      [4, false, 'Cy'],
    ]);
  });

  it(`a quoted cell open for more than ${MAX_RECORD_CHARS} characters is broken at its first line`, async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `Person ${i},p${i}@x.test,${'n'.repeat(20)}`);
    const csv = ['Name,Email,Notes', 'Open,"o@x.test', ...rows].join('\r\n');
    const records = await read(csv, ',', 4096);
    expect(records).toHaveLength(2 + rows.length);
    expect(records[1]).toMatchObject({ line: 2, malformed: true });
    expect(records.at(-1)).toMatchObject({
      line: 3002,
      malformed: false,
      cells: ['Person 2999', 'p2999@x.test', 'n'.repeat(20)],
    });
  });
});

describe('readCsv: what CSV allows', () => {
  it('a quoted cell over lines is one record, numbered by its first line; the next by its own line', async () => {
    const csv = '\ufeffName;Notes\r\n"Pérez; Ana";"Dos\r\nlíneas"\r\nBo;"say ""hi"""  \r\n\r\n;;\r\nCy;x';
    const records = await read(csv, ';', 3);
    expect(records).toEqual([
      { line: 1, cells: ['Name', 'Notes'], malformed: false },
      { line: 2, cells: ['Pérez; Ana', 'Dos\r\nlíneas'], malformed: false },
      { line: 4, cells: ['Bo', 'say "hi"'], malformed: false },
      { line: 7, cells: ['Cy', 'x'], malformed: false },
    ]);
  });

  it('reads old Mac line ends (\\r) and a file without a final line end', async () => {
    expect((await read('a,b\rc,d\re,f', ',', 1)).map((r) => [r.line, ...r.cells])).toEqual([
      [1, 'a', 'b'],
      [2, 'c', 'd'],
      [3, 'e', 'f'],
    ]);
  });

  it('reads a well-formed file exactly as Papa does', async () => {
    const cell = fc.oneof(
      fc.stringMatching(/^[a-z ]{0,6}$/),
      fc.stringMatching(/^[a-z,;"\n ]{0,8}$/).map((v) => `"${v.replace(/"/g, '""')}"`),
    );
    const file = fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 9 }),
        async (rows, eol, chunk) => {
          const csv = rows.map((r) => r.join(',')).join(eol);
          const expected = Papa.parse<string[]>(csv, { delimiter: ',', skipEmptyLines: 'greedy', newline: eol });
          expect(expected.errors).toEqual([]);
          const records = await read(csv, ',', chunk);
          expect(records.map((r) => r.cells)).toEqual(expected.data);
          expect(records.every((r) => !r.malformed)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('accounts for every line of any file: each is blank, in a record, or a malformed record of its own', async () => {
    const line = fc.stringMatching(/^[a-z,"]{0,8}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 20 }), async (lines) => {
        const records = await read(lines.join('\n'), ',', 5);
        const starts = records.map((r) => r.line);
        expect([...starts].sort((a, b) => a - b)).toEqual(starts);
        expect(new Set(starts).size).toBe(starts.length);
        // A line no record starts on is blank (nothing but delimiters and quotes: an empty record, skipped), or
        // inside a record's quoted cell.
        for (let no = 1; no <= lines.length; no++) {
          if (starts.includes(no)) continue;
          const owner = records.findLast((r) => r.line < no);
          const blank = /^[,"]*$/.test(lines[no - 1]!);
          expect(blank || (owner !== undefined && !owner.malformed)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('scanLine', () => {
  it.each([
    ['a,b', false, 'closed'],
    ['a,"b', false, 'open'],
    ['a,"b""', false, 'open'],
    ['a,"b"  ', false, 'closed'],
    ['a,"b" ,c', false, 'closed'],
    ['a,"b"c', false, 'broken'],
    ['b",c', true, 'closed'],
    ['more', true, 'open'],
    ['x" y', true, 'broken'],
    ['a b "c" d', false, 'closed'],
  ] as const)('%j (inside quotes: %s) → %s', (line, inQuotes, expected) => {
    expect(scanLine(line, ',', inQuotes)).toBe(expected);
  });
});

describe('guessDelimiter', () => {
  it.each([
    ['a two-column tab file', 'Name\tEmail\nAna\tana@x.test\n', '\t'],
    ['a tab file whose names hold commas', 'Name\tEmail\r\nPérez, Ana\tana@x.test\r\n\r\n', '\t'],
    ['a two-column comma file', 'Name,Email\nAna,ana@x.test\n', ','],
    ['a semicolon file', 'Nombre;Correo\n"Pérez; Ana";ana@x.test\n', ';'],
    ['a pipe file', 'Name|Email|Phone\nAna|ana@x.test|\n', '|'],
  ])('%s', (_what, sample, expected) => {
    expect(guessDelimiter(sample)).toBe(expected);
  });
});
