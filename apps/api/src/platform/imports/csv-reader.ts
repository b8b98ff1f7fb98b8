/**
 * Streaming CSV reading for uploaded EVV exports (issue "shift records with EVV"; docs/evv-import.md,
 * section "CSV (GIV-style) exports"). Parsing is csv-parse (RFC 4180: quoted delimiters, doubled
 * quotes, line breaks inside quoted fields, CRLF/LF/CR); this module adds what an upload needs:
 * - encoding: a UTF-8 byte-order mark means UTF-8 (the mark is dropped); otherwise the whole file is
 *   streamed once through a fatal UTF-8 decoder and, if any byte sequence is invalid, the file is read
 *   as Windows-1252 (what Excel on Windows writes for "CSV (Comma delimited)");
 * - delimiter: whichever of `,` `;` tab `|` occurs most often outside quotes in the header line
 *   (ties in that order; none → `,`);
 * - line numbers: the 1-based physical line where each record starts (a record with a line break
 *   inside a quoted field takes several lines);
 * - completely empty lines, and rows whose every field is empty or blank (spreadsheets' trailing
 *   `,,,,` rows), are skipped;
 * - memory: the file is never held whole; one record may not exceed `MAX_RECORD_CHARS`.
 * Nothing here trims or pads values: rows come out exactly as the file has them.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { CsvError, type Options, parse } from 'csv-parse';

/** Opens the stored upload from its start; may be called more than once. */
export type OpenStream = () => Promise<Readable>;

/** What `sniffCsv` found at the start of a file. */
export interface CsvSniff {
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string;
  /** Header names, trimmed and made unique (see `uniqueHeaders`), in file order. */
  headers: string[];
  /** The first ≤5 data rows, values as in the file. */
  sampleRows: string[][];
}

/** One data record. */
export interface CsvRow {
  /** 1-based physical line where the record starts; the header is line 1 (unless blank lines precede it). */
  line: number;
  values: string[];
}

/** The upload cannot be read as CSV at all; `message` says why in words a user can act on. */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
  /** The 1-based line the problem starts on, when there is one. */
  readonly line: number | null;
  constructor(message: string, line: number | null = null) {
    super(message);
    this.line = line;
  }
}

/** Delimiters detected, in tie-break order. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
/** Longest record accepted (characters): stops an unclosed quote from swallowing the file. */
export const MAX_RECORD_CHARS = 1_000_000;
/** How much of the file's start `sniffCsv` keeps to find the delimiter and to spot binary files. */
const HEAD_BYTES = 64 * 1024;
const SAMPLE_ROWS = 5;

/**
 * Reads the start of the file (and, to choose the encoding, the whole file once, streaming).
 * Returns the encoding, the delimiter, the header names (trimmed; duplicates become `Name (2)`, blanks
 * `Column N`) and up to 5 sample data rows. Throws `CsvFormatError` for an empty file, a file whose
 * first row is blank or looks like data instead of column names, or one that is not text (Excel
 * workbook, PDF, UTF-16, other binary data), and for CSV syntax errors in the rows it reads.
 * `knownEncoding` (what an earlier sniff of the same file found) skips the whole-file encoding pass:
 * only the start of the file is read.
 */
export async function sniffCsv(open: OpenStream, knownEncoding?: CsvSniff['encoding']): Promise<CsvSniff> {
  const { head, totalBytes, encoding } = await detectEncoding(open, knownEncoding);
  const hasBom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  if (totalBytes === 0 || (hasBom && totalBytes === 3)) throw new CsvFormatError('The file is empty.');
  const notText = describeBinary(head);
  if (notText) throw new CsvFormatError(notText);
  const headText = new TextDecoder(encoding).decode(head, { stream: true });
  if (headText.trim() === '') throw new CsvFormatError('The file is empty: it has only blank lines.');
  const delimiter = detectDelimiter(headText);

  let header: CsvRow | null = null;
  const sampleRows: string[][] = [];
  for await (const record of readRecords(open, { encoding, delimiter })) {
    if (!header) {
      header = record;
      continue;
    }
    if (isBlankRow(record.values)) continue;
    sampleRows.push(record.values);
    if (sampleRows.length >= SAMPLE_ROWS) break;
  }
  if (!header) throw new CsvFormatError('The file is empty: it has only blank lines.');
  const names = header.values.map((value) => value.trim());
  if (names.every((name) => name === ''))
    throw new CsvFormatError(
      `The first row (line ${header.line}) has no column names: the file needs a header row.`,
      header.line,
    );
  const dataLike = names.find((name) => DATA_LIKE.test(name));
  if (dataLike !== undefined)
    throw new CsvFormatError(
      `The first row looks like data ("${dataLike}"), not column names: add a header row naming each column.`,
      header.line,
    );
  return { encoding, delimiter, headers: uniqueHeaders(names), sampleRows };
}

/**
 * Streams the data rows (the header record is skipped) in batches of up to `batchSize` (default
 * 1000), decoding with `sniff.encoding` and splitting on `sniff.delimiter`. Values are as in the file
 * (not trimmed); rows with a different number of fields than the header are yielded as they are.
 * Blank lines and all-blank rows are skipped. `onBytes` receives the running count of bytes read from
 * the file (for progress). Throws `CsvFormatError` (with the line) on CSV syntax the parser cannot
 * recover from, such as a quote that is never closed; errors of the stream itself are passed through.
 */
export async function* readCsvRows(
  open: OpenStream,
  sniff: Pick<CsvSniff, 'encoding' | 'delimiter'>,
  options: { batchSize?: number; onBytes?: (bytesRead: number) => void } = {},
): AsyncGenerator<CsvRow[]> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  let batch: CsvRow[] = [];
  let seenHeader = false;
  for await (const record of readRecords(open, sniff, options.onBytes)) {
    if (!seenHeader) {
      seenHeader = true;
      continue;
    }
    if (isBlankRow(record.values)) continue;
    batch.push(record);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Makes header names usable as keys: blank names become `Column N` (1-based position) and a repeated
 * name gets ` (2)`, ` (3)`… (skipping any suffix already taken). Idempotent on its own output.
 */
export function uniqueHeaders(headers: string[]): string[] {
  const named = headers.map((name, index) => name || `Column ${index + 1}`);
  const original = new Set(named);
  const taken = new Set<string>();
  return named.map((name) => {
    let unique = name;
    for (let n = 2; taken.has(unique); n += 1) {
      unique = `${name} (${n})`;
      // A suffixed name another column already has is left to that column.
      if (original.has(unique)) unique = name;
    }
    taken.add(unique);
    return unique;
  });
}

/** A header cell that is a date or a date-time is data, not a column name. */
const DATA_LIKE = /^(\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}[-/]\d{1,2}[-/]\d{1,2})([ T].*)?$/;

function isBlankRow(values: string[]): boolean {
  return values.every((value) => value.trim() === '');
}

/** Number of line breaks (CRLF, LF or CR each count once) in `text`. */
function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) count += 1;
    else if (c === 13) {
      count += 1;
      if (text.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  return count;
}

/**
 * Every record of the file, header included, with its start line; completely empty lines are
 * skipped. Lines are counted in csv-parse's `on_record` hook, which runs for each record in file order
 * as it is parsed (one line per record plus the line breaks inside its quoted fields; csv-parse's own
 * `info.lines` counts a CRLF inside a quoted field twice), so a syntax error is reported with the line
 * of the record being parsed even when earlier records are still buffered.
 */
async function* readRecords(
  open: OpenStream,
  sniff: Pick<CsvSniff, 'encoding' | 'delimiter'>,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<CsvRow> {
  const source = await open();
  let line = 1;
  const options: Options<CsvRow, string[]> = {
    delimiter: sniff.delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (values) => {
      const start = line;
      line += 1 + values.reduce((sum, value) => sum + countLineBreaks(value), 0);
      return values.length === 1 && values[0] === '' ? null : { line: start, values };
    },
  };
  // csv-parse's overloads only let `on_record` change the record type together with `columns`.
  const parser = parse(options as unknown as Options);
  const records = pipeline(source, decodeStream(sniff.encoding, onBytes), parser, () => {
    // Errors reach the loop below through the parser, which pipeline destroys with them.
  });
  try {
    for await (const record of records) yield record as CsvRow;
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFormatError(describeCsvError(error, line), line);
    throw error;
  } finally {
    records.destroy();
    source.destroy();
  }
}

function describeCsvError(error: CsvError, line: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return `Line ${line}: a quoted field is never closed (a missing ").`;
  if (
    error.code === 'CSV_INVALID_CLOSING_QUOTE' ||
    error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
  )
    return `Line ${line}: a closing quote is followed by other characters; inside a quoted field write a quote as "".`;
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return `Line ${line}: a row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters (probably a quote that is never closed).`;
  return `Line ${line}: the file is not valid CSV (${error.message}).`;
}

/** Bytes → text in `encoding` (a UTF-8 byte-order mark is dropped), reporting bytes read so far. */
function decodeStream(encoding: CsvSniff['encoding'], onBytes?: (bytesRead: number) => void): Transform {
  const decoder = new TextDecoder(encoding);
  let bytesRead = 0;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytesRead += bytes.length;
      onBytes?.(bytesRead);
      const text = decoder.decode(bytes, { stream: true });
      callback(null, text || undefined);
    },
    flush(callback) {
      const rest = decoder.decode();
      callback(null, rest || undefined);
    },
  });
}

/**
 * Streams the file once: keeps its first `HEAD_BYTES` and decides the encoding. With a UTF-8 BOM it
 * stops after the head; otherwise it stops at the first invalid UTF-8 sequence (→ windows-1252) or
 * at the end (→ utf-8).
 */
async function detectEncoding(
  open: OpenStream,
  knownEncoding?: CsvSniff['encoding'],
): Promise<{ head: Buffer; totalBytes: number; encoding: CsvSniff['encoding'] }> {
  const source = await open();
  const headParts: Buffer[] = [];
  let headLength = 0;
  let totalBytes = 0;
  // 'unknown' until 3 bytes are in (BOM or not); 'validating' feeds every byte to a fatal decoder.
  let mode: 'unknown' | 'bom' | 'validating' | 'invalid' = 'unknown';
  let pending: Buffer[] = [];
  const validator = new TextDecoder('utf-8', { fatal: true });
  const validate = (bytes: Buffer) => {
    try {
      validator.decode(bytes, { stream: true });
    } catch {
      mode = 'invalid';
    }
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      totalBytes += bytes.length;
      if (headLength < HEAD_BYTES) {
        const part = bytes.subarray(0, HEAD_BYTES - headLength);
        headParts.push(part);
        headLength += part.length;
      }
      if (knownEncoding) {
        if (headLength >= HEAD_BYTES) break;
        continue;
      }
      if (mode === 'unknown') {
        pending.push(bytes);
        const start = Buffer.concat(pending);
        if (start.length < 3) continue;
        mode = start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf ? 'bom' : 'validating';
        if (mode === 'validating') validate(start);
        pending = [];
      } else if (mode === 'validating') validate(bytes);
      if (mode !== 'validating' && headLength >= HEAD_BYTES) break;
    }
    if (mode === 'unknown' && !knownEncoding) {
      mode = 'validating';
      validate(Buffer.concat(pending));
    }
    if (mode === 'validating') {
      try {
        validator.decode();
      } catch {
        mode = 'invalid';
      }
    }
  } finally {
    source.destroy();
  }
  return {
    head: Buffer.concat(headParts),
    totalBytes,
    encoding: knownEncoding ?? (mode === 'invalid' ? 'windows-1252' : 'utf-8'),
  };
}

/** Why the file's start is not CSV text, or null when it looks like text. */
function describeBinary(head: Buffer): string | null {
  const startsWith = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (startsWith(0xff, 0xfe) || startsWith(0xfe, 0xff))
    return 'The file is UTF-16 text, which Tend does not read: save it as "CSV UTF-8" and upload it again.';
  if (startsWith(0x50, 0x4b, 0x03, 0x04))
    return 'The file is an Excel workbook (or another zip archive), not CSV text: in Excel choose File › Save As › "CSV UTF-8" and upload that.';
  if (startsWith(0xd0, 0xcf, 0x11, 0xe0))
    return 'The file is an old Excel workbook (.xls), not CSV text: in Excel choose File › Save As › "CSV UTF-8" and upload that.';
  if (startsWith(0x25, 0x50, 0x44, 0x46))
    return 'The file is a PDF, not CSV text: upload the CSV export itself.';
  let control = 0;
  for (const byte of head)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  if (head.length > 0 && control / head.length > 0.05)
    return 'The file is not text (it holds binary data): upload the CSV export of your EVV system.';
  return null;
}

/** The delimiter of the first non-blank line, counted outside quotes. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let started = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (started) break;
      continue;
    } else if (!inQuotes && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
    if (char.trim() !== '') started = true;
  }
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const count = counts.get(delimiter) ?? 0;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}
