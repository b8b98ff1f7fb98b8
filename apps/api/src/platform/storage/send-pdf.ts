/**
 * Sends an opened stored PDF (a `Download` of the storage service) as an HTTP answer, the one way every route does:
 * private and never cached, sandboxed (`Content-Security-Policy: default-src 'none'; sandbox`), no referrer, with the
 * file name in both `filename` (ASCII, unsafe characters as `_`) and `filename*` (UTF-8), and byte ranges (spec s.7
 * "PDF fetch with Range"): the whole file (200), a range (206) or none (416).
 */
import type { FastifyReply } from 'fastify';
import { rangeHeaders } from './byte-range.ts';
import type { Download } from './storage.service.ts';

/** See the file comment. `inline` for the PDF viewer; otherwise the browser saves it (`attachment`, the default). */
export function sendStoredPdf(
  reply: FastifyReply,
  download: Download,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('referrer-policy', 'no-referrer')
    .header('accept-ranges', 'bytes')
    .headers(rangeHeaders(download))
    .code(download.unsatisfiable ? 416 : download.range ? 206 : 200)
    .send(download.body);
}
