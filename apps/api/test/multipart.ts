/** A hand-built multipart/form-data body for `app.inject` (upload routes in tests). */
import { randomUUID } from 'node:crypto';

/** One part of {@link multipartBody}. */
export interface MultipartPart {
  name: string;
  /** A file part when set. */
  filename?: string;
  /** Part Content-Type; omitted when undefined. */
  contentType?: string;
  data: Buffer | string;
}

/** Encodes parts as multipart/form-data; returns the payload and its content-type header. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----tend-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with one file part named `file`. */
export function fileUpload(data: Buffer | string, contentType = 'text/plain', filename = 'upload.bin') {
  return multipartBody([{ name: 'file', filename, contentType, data }]);
}
