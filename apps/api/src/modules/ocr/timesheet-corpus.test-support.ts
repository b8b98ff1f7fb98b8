/**
 * Scanned timesheets and notes for the tests, the e2e flow and `bench:ocr` (issue 23 "Real input: scanned timesheets
 * and notes with handwriting-like fonts, skew, stamps and table grids (generate a corpus in the tests)"). A page is
 * drawn on @napi-rs/canvas at 200 dpi (letter, 1700 × 2200 px): a printed form (DejaVu Sans) filled in with a
 * handwriting-like slanted font (DejaVu Serif Italic / Sans Oblique, each letter nudged up or down), a table grid, an
 * optional red "RECEIVED" stamp across the table, speckle, and a crooked feed (the whole sheet turned a few degrees).
 * Deterministic: the same options make the same PNG. `timesheetPdf` wraps pages in a PDF (pdf-lib) with no text layer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans.ttf'), 'Form Sans');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans-Bold.ttf'), 'Form Sans Bold');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSerif-Italic.ttf'), 'Hand Serif');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans-Oblique.ttf'), 'Hand Sans');

/** Page size at 200 dpi (US letter). */
export const PAGE_WIDTH = 1700;
export const PAGE_HEIGHT = 2200;

/** One visit line of a timesheet, as written. */
export interface TimesheetVisit {
  date: string;
  start: string;
  end: string;
  code: string;
}

/** What a timesheet says, and how it was "scanned". */
export interface TimesheetOptions {
  caregiverName?: string;
  clientName?: string;
  visits?: TimesheetVisit[];
  /** Clockwise turn of the sheet, degrees. */
  skewDegrees?: number;
  /** A red RECEIVED stamp across the table. */
  stamp?: boolean;
  /** Share of pixels with a dark speck (0.0005 is a dusty glass). */
  speckle?: number;
  /** The handwriting font: `serif` (DejaVu Serif Italic) or `sans` (DejaVu Sans Oblique). */
  hand?: 'serif' | 'sans';
  seed?: number;
}

/** The corpus's kinds, each a timesheet made with these options. */
export const timesheetKinds = {
  clean: {},
  skewed: { skewDegrees: 2.5 },
  stamped: { stamp: true, speckle: 0.0004, skewDegrees: -1.2 },
  handwritten: { hand: 'sans', skewDegrees: 1, speckle: 0.0002 },
} satisfies Record<string, TimesheetOptions>;

export const defaultVisits: TimesheetVisit[] = [
  { date: '03/02/2026', start: '9:00 AM', end: '1:30 PM', code: 'T1019' },
  { date: '03/04/2026', start: '8:15 AM', end: '12:45 PM', code: 'T1019' },
  { date: '03/06/2026', start: '2:00 PM', end: '6:00 PM', code: 'S5125' },
];

/** Seeded pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes `text` in the hand font, each letter nudged up or down by up to 2 px (a hand is never level). */
function handwrite(
  context: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  font: string,
  next: () => number,
): void {
  context.font = font;
  context.fillStyle = '#1b2a6b';
  let cursor = x;
  for (const letter of text) {
    context.fillText(letter, cursor, y + (next() - 0.5) * 4);
    cursor += context.measureText(letter).width + 1;
  }
}

/** Draws the form, the handwriting and the stamp on an unturned sheet. */
function drawSheet(context: SKRSContext2D, options: Required<TimesheetOptions>, next: () => number) {
  const hand = `56px "${options.hand === 'serif' ? 'Hand Serif' : 'Hand Sans'}"`;
  context.fillStyle = '#111111';
  context.font = '64px "Form Sans Bold"';
  context.fillText('WEEKLY TIMESHEET', 150, 220);
  context.font = '40px "Form Sans"';
  context.fillText('Valley Supports Home Care', 150, 290);
  context.fillText('Caregiver:', 150, 420);
  context.fillText('Client:', 150, 520);
  handwrite(context, options.caregiverName, 420, 420, hand, next);
  handwrite(context, options.clientName, 420, 520, hand, next);
  const columns = [150, 560, 860, 1160, 1550];
  const top = 640;
  const rowHeight = 120;
  const rows = options.visits.length + 1;
  context.strokeStyle = '#222222';
  context.lineWidth = 4;
  for (let row = 0; row <= rows; row += 1) {
    context.beginPath();
    context.moveTo(columns[0] as number, top + row * rowHeight);
    context.lineTo(columns.at(-1) as number, top + row * rowHeight);
    context.stroke();
  }
  for (const x of columns) {
    context.beginPath();
    context.moveTo(x, top);
    context.lineTo(x, top + rows * rowHeight);
    context.stroke();
  }
  context.font = '40px "Form Sans Bold"';
  context.fillStyle = '#111111';
  for (const [index, label] of ['Date', 'Time in', 'Time out', 'Code'].entries())
    context.fillText(label, (columns[index] as number) + 25, top + 75);
  for (const [index, visit] of options.visits.entries()) {
    const y = top + (index + 1) * rowHeight + 78;
    handwrite(context, visit.date, (columns[0] as number) + 20, y, hand, next);
    handwrite(context, visit.start, (columns[1] as number) + 20, y, hand, next);
    handwrite(context, visit.end, (columns[2] as number) + 20, y, hand, next);
    handwrite(context, visit.code, (columns[3] as number) + 30, y, hand, next);
  }
  context.font = '36px "Form Sans"';
  context.fillStyle = '#111111';
  context.fillText('Caregiver signature: ______________________', 150, top + rows * rowHeight + 200);
  if (options.stamp) {
    context.save();
    context.translate(1150, top + rowHeight * 1.6);
    context.rotate((-14 * Math.PI) / 180);
    context.globalAlpha = 0.45;
    context.strokeStyle = '#c0392b';
    context.fillStyle = '#c0392b';
    context.lineWidth = 8;
    context.strokeRect(-230, -70, 460, 140);
    context.font = '80px "Form Sans Bold"';
    context.fillText('RECEIVED', -205, 30);
    context.restore();
  }
}

/**
 * A scanned timesheet as PNG bytes (1700 × 2200, 200 dpi). Defaults: caregiver "Maria Lopez", client "Henry Walsh",
 * {@link defaultVisits}, straight, no stamp, clean, serif hand, seed 1.
 */
export async function timesheetPng(options: TimesheetOptions = {}): Promise<Buffer> {
  const resolved: Required<TimesheetOptions> = {
    caregiverName: 'Maria Lopez',
    clientName: 'Henry Walsh',
    visits: defaultVisits,
    skewDegrees: 0,
    stamp: false,
    speckle: 0,
    hand: 'serif',
    seed: 1,
    ...options,
  };
  const next = random(resolved.seed);
  const canvas = createCanvas(PAGE_WIDTH, PAGE_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PAGE_WIDTH, PAGE_HEIGHT);
  context.save();
  context.translate(PAGE_WIDTH / 2, PAGE_HEIGHT / 2);
  context.rotate((resolved.skewDegrees * Math.PI) / 180);
  context.translate(-PAGE_WIDTH / 2, -PAGE_HEIGHT / 2);
  drawSheet(context, resolved, next);
  context.restore();
  const specks = Math.round(PAGE_WIDTH * PAGE_HEIGHT * resolved.speckle);
  context.fillStyle = '#000000';
  for (let index = 0; index < specks; index += 1)
    context.fillRect(Math.floor(next() * PAGE_WIDTH), Math.floor(next() * PAGE_HEIGHT), 2, 2);
  return canvas.encode('png');
}

/** A blank sheet (the benchmark's baseline: what OCR costs when there is nothing to read). */
export async function blankPng(): Promise<Buffer> {
  const canvas = createCanvas(PAGE_WIDTH, PAGE_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PAGE_WIDTH, PAGE_HEIGHT);
  return canvas.encode('png');
}

/** A PDF of page images (no text layer), one letter page per PNG: a scanner's PDF. */
export async function timesheetPdf(pngs: Buffer[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const png of pngs) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return Buffer.from(await pdf.save());
}
