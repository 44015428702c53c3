import { parse } from 'csv-parse/browser/esm/sync';

/** What a do-not-call file held: its numbers (10 digits, each once) and how many rows had none. */
export interface DncFile {
  numbers: string[];
  /** Rows whose number is not a US phone number (a header row among them). */
  skipped: number;
  /** Numbers that appeared more than once in the file. */
  repeated: number;
}

/** A phone number as the lists compare it: 10 digits, a leading country code 1 dropped; null when it is not one. */
export function tenDigits(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[0-9]{10}$/.test(ten) ? ten : null;
}

/** How many rows decide which column holds the numbers. */
const SAMPLE_ROWS = 50;

/**
 * The numbers of a CSV file (the national registry's, a state's, or our own): the first
 * column that holds phone numbers (10 digits, or 11 starting with 1, punctuation aside) is
 * read, whatever the columns before it or a header row. csv-parse reads the quoting.
 */
export function readDncCsv(text: string): DncFile {
  const rows = parse(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  const sample = rows.slice(0, SAMPLE_ROWS);
  const width = Math.max(0, ...sample.map((r) => r.length));
  let column = 0;
  for (let c = 0; c < width; c++) {
    if (sample.some((r) => r[c] !== undefined && tenDigits(r[c]) !== null)) {
      column = c;
      break;
    }
  }
  const seen = new Set<string>();
  let skipped = 0;
  let repeated = 0;
  for (const row of rows) {
    const n = row[column] === undefined ? null : tenDigits(row[column]);
    if (n === null) skipped += 1;
    else if (seen.has(n)) repeated += 1;
    else seen.add(n);
  }
  return { numbers: [...seen], skipped, repeated };
}

/** The numbers in chunks of at most `size` (the API takes 20,000 a call). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
