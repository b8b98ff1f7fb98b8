import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import {
  emptyFile,
  passwordProtectedPdf,
  pngFile,
  textFileNamedPdf,
  truncated,
} from './isp-corpus.test-support.js';
import { IspFileError } from './isp-file-error.js';
import { readPdfText } from './pdf-text.js';

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const first = doc.addPage([612, 792]);
  first.drawText('Risk summary', { x: 72, y: 720, size: 14, font: bold });
  first.drawText('Choking on large bites', { x: 72, y: 700, size: 11, font: regular });
  doc.addPage([612, 792]);
  return doc.save();
}

describe('readPdfText', () => {
  it('reads each page’s items with top-left positions and bold from the font', async () => {
    const bytes = await twoPages();
    const progress: string[] = [];
    const pages = await readPdfText(bytes, { onPage: (done, total) => progress.push(`${done}/${total}`) });
    expect(progress).toEqual(['1/2', '2/2']);
    expect(pages).toHaveLength(2);
    const [first, second] = pages;
    expect(first).toMatchObject({ page: 1, width: 612, height: 792, hasText: true });
    const heading = first!.items.find((item) => item.text === 'Risk summary')!;
    const body = first!.items.find((item) => item.text === 'Choking on large bites')!;
    expect(heading).toMatchObject({ bold: true });
    expect(heading.fontName).toMatch(/Helvetica-Bold/);
    expect(body.bold).toBe(false);
    // Baseline 720 from the bottom is 72 from the top; the box's top is above it by the ascent (~0.7 × 14 pt).
    expect(heading.x).toBeCloseTo(72, 0);
    expect(heading.y).toBeGreaterThan(55);
    expect(heading.y).toBeLessThan(72);
    expect(heading.y + heading.height).toBeGreaterThan(72);
    expect(heading.height).toBeGreaterThan(10);
    expect(heading.width).toBeGreaterThan(80);
    expect(body.y).toBeGreaterThan(heading.y + 10);
    expect(second).toMatchObject({ page: 2, hasText: false, items: [] });
    // The caller's bytes are not detached by pdf.js.
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it.each([
    ['an empty upload', 'empty', emptyFile],
    ['blanks only', 'empty', new TextEncoder().encode('\n  \n')],
    ['a PNG', 'not-a-pdf', pngFile],
    ['a text file named .pdf', 'not-a-pdf', textFileNamedPdf],
  ] as const)('rejects %s as %s', async (_label, problem, bytes) => {
    await expect(readPdfText(bytes)).rejects.toMatchObject({ name: 'IspFileError', problem });
  });

  it('rejects a PDF that needs a password, saying so', async () => {
    const error = await readPdfText(await passwordProtectedPdf()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IspFileError);
    expect(error).toMatchObject({
      problem: 'password-protected',
      message: 'The PDF is password-protected. Upload a copy without a password.',
    });
    expect((error as Error).cause).toMatchObject({ name: 'PasswordException' });
  });

  it('the generated password-protected PDF is real: its user password opens it', async () => {
    const task = getDocument({
      data: await passwordProtectedPdf('tend-isp'),
      password: 'tend-isp',
      verbosity: 0,
    });
    try {
      expect((await task.promise).numPages).toBe(1);
    } finally {
      await task.destroy();
    }
  });

  it('rejects a download cut off half-way as damaged', async () => {
    const bytes = await twoPages();
    const error = await readPdfText(truncated(bytes, 0.5)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IspFileError);
    expect(error).toMatchObject({ problem: 'damaged' });
    expect((error as Error).message).toMatch(/damaged/);
  });
});
