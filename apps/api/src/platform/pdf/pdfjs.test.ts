import { describe, expect, it } from 'vitest';
import { loadPdfjs, offlineDocumentOptions } from './pdfjs.ts';

/** The function stored at `owner[key]`. */
const own = (owner: object, key: string): unknown => Object.getOwnPropertyDescriptor(owner, key)?.value;

describe('loadPdfjs', () => {
  it("loads pdf.js once, keeping Node's own JSON, Array.prototype.push and Function.prototype.toString", async () => {
    const builtins = () => [
      own(JSON, 'parse'),
      own(JSON, 'stringify'),
      own(Array.prototype, 'push'),
      own(Function.prototype, 'toString'),
    ];
    const natives = builtins();
    const pdfjs = await loadPdfjs();
    expect(builtins()).toEqual(natives);
    expect(builtins().every((builtin, index) => builtin === natives[index])).toBe(true);
    // What core-js adds and pdf.js needs on Node 20 stays.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
    expect(await loadPdfjs()).toBe(pdfjs);
  });

  it('reads a PDF offline with the shared options', async () => {
    const { getDocument } = await loadPdfjs();
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const made = await PDFDocument.create();
    const page = made.addPage([200, 100]);
    page.drawText('Tend', { x: 20, y: 50, font: await made.embedFont(StandardFonts.Helvetica) });
    const doc = await getDocument({ ...offlineDocumentOptions, data: await made.save() }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    expect(content.items.map((item) => ('str' in item ? item.str : ''))).toContain('Tend');
    await doc.destroy();
  });
});
