/** Helpers for the CSV tests (not used by the application). */
import { Readable } from 'node:stream';
import { type OpenStream } from './csv-reader.ts';

/** An `OpenStream` over fixed bytes, handed out in chunks of `chunkSize` bytes (to split records and characters). */
export function openBytes(content: Buffer | string, chunkSize = 64 * 1024): OpenStream {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return async () => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
    return Readable.from(chunks, { objectMode: false });
  };
}

/** One CSV field, quoted when it needs to be (RFC 4180), or always when `always`. */
export function quoteField(value: string, always = false): string {
  return always || /[",\r\n;\t|]/.test(value) || value !== value.trim()
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

/** One CSV line (without its line break). */
export function csvLine(values: string[], delimiter = ',', always = false): string {
  return values.map((value) => quoteField(value, always)).join(delimiter);
}
