/**
 * The generated ISP test corpus (issue 19 "Real input": build a test corpus of your own covering each of these).
 * Everything is generated with pdf-lib, deterministically (no dates, no randomness), so the same bytes come out on
 * every run. The files that cannot be read are built here too: password-protected, cut off, not a PDF, empty.
 */
import { createHash } from 'node:crypto';

import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

/** The 32-byte padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3, algorithm 2). */
const passwordPad = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e,
  0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

function padPassword(password: string): Uint8Array {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const padded = new Uint8Array(32);
  padded.set(bytes);
  padded.set(passwordPad.slice(0, 32 - bytes.length), bytes.length);
  return padded;
}

/** RC4, as the revision-2 security handler uses it (OpenSSL 3 no longer offers it by default). */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) =>
  new Uint8Array(createHash('md5').update(Buffer.concat(parts)).digest());
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * A one-page PDF protected by the standard security handler (revision 2, 40-bit RC4) with the user password
 * `userPassword`: its trailer names an `/Encrypt` dictionary whose `/O` and `/U` are computed as ISO 32000-1
 * algorithms 3 and 4 say, so a reader that tries the empty password is refused and must ask for one. pdf-lib cannot
 * encrypt, so the page's own content is left as it is (a reader never gets that far without the password).
 */
export async function passwordProtectedPdf(
  userPassword = 'tend-isp',
  ownerPassword = 'owner-secret',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Individual Support Plan', { x: 72, y: 720, size: 14, font });
  const fileId = md5(new TextEncoder().encode('tend isp corpus: password-protected'));
  const permissions = -4; // Everything allowed (bits 3..6 set), as 32-bit two's complement.
  const permissionBytes = new Uint8Array(new Int32Array([permissions]).buffer); // Little-endian on every target.
  const owner = rc4(md5(padPassword(ownerPassword)).slice(0, 5), padPassword(userPassword));
  const key = md5(padPassword(userPassword), owner, permissionBytes, fileId).slice(0, 5);
  const user = rc4(key, passwordPad);
  const encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: PDFNumber.of(1),
    R: PDFNumber.of(2),
    O: PDFHexString.of(hex(owner)),
    U: PDFHexString.of(hex(user)),
    P: PDFNumber.of(permissions),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(hex(fileId)), PDFHexString.of(hex(fileId))]);
  return doc.save({ useObjectStreams: false });
}

/** A download cut off after `fraction` of its bytes. */
export function truncated(bytes: Uint8Array, fraction = 0.6): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}

/** A real 1×1 PNG (what a person might upload instead of the PDF). */
export const pngFile = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A text file renamed `.pdf`. */
export const textFileNamedPdf = new TextEncoder().encode(
  'Individual Support Plan\nRisk: Choking\nSupports/Prevention: cut food into small pieces.\n',
);

/** An empty upload. */
export const emptyFile = new Uint8Array(0);
