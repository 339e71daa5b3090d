import { Readable, Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { writeCsv } from './audit-csv.js';
import type { CsvColumn } from './audit-csv.js';

interface Row {
  text: string | null;
  n: number | null;
  flag: boolean;
}

const COLUMNS: ReadonlyArray<CsvColumn<Row>> = [
  { header: 'text', description: '', value: (row) => row.text },
  { header: 'n', description: '', value: (row) => row.n },
  { header: 'flag', description: '', value: (row) => row.flag },
];

/** The file writeCsv writes for these rows, as text. */
async function csvOf(rows: Row[]): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeCsv(Readable.from(rows), COLUMNS, sink);
  return Buffer.concat(chunks).toString('utf8');
}

const row = (text: string | null, n: number | null = 1, flag = true): Row => ({
  text,
  n,
  flag,
});

describe('audit CSV files', () => {
  it('write each bidi control of a crawled text as its code point', async () => {
    const csv = await csvOf([
      row('Invoice \u202Egpj.exe\u202C \u2066x\u2069 \u200E\u200F\u061C'),
      row('=\u202ESUM(A1)'),
    ]);
    expect(csv).toBe(
      'text,n,flag\r\nInvoice [U+202E]gpj.exe[U+202C] [U+2066]x[U+2069] [U+200E][U+200F][U+061C],1,true\r\n' +
        "'=[U+202E]SUM(A1),1,true\r\n",
    );
    expect(csv).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('write a header row and CRLF between records, null as an empty cell', async () => {
    expect(await csvOf([row('a', 200), row(null, null, false)])).toBe(
      'text,n,flag\r\na,200,true\r\n,,false\r\n',
    );
  });

  it('quote a field with a comma, a quote or a line break, doubling quotes (RFC 4180)', async () => {
    const text = await csvOf([
      row('one, two'),
      row('say "hi"'),
      row('line\nbreak'),
      row('cr\rlf'),
      row('plain'),
    ]);
    expect(text.split('\r\n').slice(1, 3)).toEqual([
      '"one, two",1,true',
      '"say ""hi""",1,true',
    ]);
    expect(text).toContain('"line\nbreak",1,true');
    expect(text).toContain('plain,1,true');
    // A standard parser reads every cell back as it was.
    const parsed: string[][] = parse(text);
    expect(parsed.slice(1).map((cells) => cells[0])).toEqual([
      'one, two',
      'say "hi"',
      'line\nbreak',
      'cr\rlf',
      'plain',
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")'],
    ['+1+1'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['＝1+1'],
  ])('neutralise a cell that a spreadsheet would run: %j', async (cell) => {
    const parsed: string[][] = parse(await csvOf([row(cell)]));
    const [, [text]] = parsed;
    expect(text).toBe(`'${cell}`);
  });

  it('leave numbers and cells that merely contain a formula character alone', async () => {
    const parsed: string[][] = parse(
      await csvOf([row('a=b', -1), row('Price: -5 @ shop', 0)]),
    );
    const [, ...cells] = parsed;
    expect(cells).toEqual([
      ['a=b', '-1', 'true'],
      ['Price: -5 @ shop', '0', 'true'],
    ]);
  });

  it('streams with backpressure: it reads rows only as fast as the sink drains', async () => {
    let produced = 0;
    function* many(): Generator<Row> {
      for (let i = 0; i < 100_000; i++) {
        produced++;
        yield row(`row ${i}`);
      }
    }
    let release: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let written = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, done) {
        written++;
        // The sink stalls after its first chunk until released.
        if (written === 1) void stalled.then(() => done());
        else done();
      },
    });
    const done = writeCsv(Readable.from(many()), COLUMNS, sink);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Bounded by the streams' buffers (some 16 KiB each), nowhere near all of them.
    expect(produced).toBeLessThan(5_000);
    release();
    await done;
    expect(produced).toBe(100_000);
  });
});
