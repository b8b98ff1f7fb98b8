/**
 * The three writers of a report table (decision 0066): CSV (RFC 4180, formula-safe through contracts `csvCell`,
 * UTF-8 with a byte-order mark so spreadsheet software reads accents), XLSX (exceljs: one sheet, a bold header row
 * frozen, numbers as numbers) and PDF (pdf-lib with the printed documents' frame and DejaVu fonts from
 * `isp/export/pdf-document.ts`: title, subject, period and generation time above a table whose header repeats on
 * every page, cells cut with "…" to their column, page numbers in the footer). Each returns the file's bytes.
 */
import ExcelJS from 'exceljs';
import { rgb, type PDFPage } from 'pdf-lib';
import { csvCell } from '@tend/contracts';
import {
  createPdfWithFonts,
  drawFooters,
  fitted,
  grey,
  letterFrame,
  setMetadata,
  type Fonts,
} from '../isp/export/pdf-document.ts';
import type { ReportCell, ReportTable } from './report-table.ts';

/** The table as CSV: a header row then the rows, CRLF line ends, a UTF-8 BOM first. */
export function writeCsv(table: ReportTable): Buffer {
  const lines = [table.columns.map((c) => csvCell(c.label)), ...table.rows.map((row) => row.map(csvCell))];
  return Buffer.from(`\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** The table as an XLSX workbook of one sheet named after the title (header bold and frozen, columns sized). */
export async function writeXlsx(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tend';
  workbook.created = table.generatedAt;
  workbook.modified = table.generatedAt;
  workbook.title = `${table.title} · ${table.subject} · ${table.period}`;
  const sheet = workbook.addWorksheet(table.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, index) => ({
    header: column.label,
    key: String(index),
    width: Math.min(
      60,
      Math.max(10, column.label.length + 2, ...table.rows.map((r) => String(r[index] ?? '').length + 2)),
    ),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((cell) => cell ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TITLE_SIZE = 16;
const TEXT_SIZE = 10;
const CELL_SIZE = 8;
const ROW_HEIGHT = 13;
const CELL_PADDING = 4;

/** Column widths (pt) over `width`: each column's share follows its longest text, at least 40 pt. */
function columnWidths(table: ReportTable, fonts: Fonts, width: number): number[] {
  const wanted = table.columns.map(
    (column, index) =>
      Math.max(
        40,
        fonts.bold.widthOfTextAtSize(column.label, CELL_SIZE),
        ...table.rows
          .slice(0, 200)
          .map((row) => fonts.regular.widthOfTextAtSize(cellText(row[index] ?? null), CELL_SIZE)),
      ) + CELL_PADDING,
  );
  const total = wanted.reduce((sum, w) => sum + w, 0);
  return wanted.map((w) => (w / total) * width);
}

/** A cell as printed: numbers as written, empty for null; characters the font lacks become "?". */
const cellText = (cell: ReportCell): string => (cell === null ? '' : String(cell));

function printable(text: string, fonts: Fonts): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((c) => (fonts.glyphs.has(c.codePointAt(0) ?? 0) ? c : '?'))
    .join('');
}

/** Draws one table row at `y` (baseline), header rows in bold with a rule under them. */
function drawRow(
  page: PDFPage,
  fonts: Fonts,
  cells: string[],
  widths: number[],
  y: number,
  header: boolean,
): void {
  const font = header ? fonts.bold : fonts.regular;
  let x = letterFrame.left;
  cells.forEach((text, index) => {
    const width = widths[index] ?? 0;
    page.drawText(fitted(printable(text, fonts), font, CELL_SIZE, width - CELL_PADDING), {
      x,
      y,
      size: CELL_SIZE,
      font,
      color: rgb(0, 0, 0),
    });
    x += width;
  });
  if (header) {
    page.drawLine({
      start: { x: letterFrame.left, y: y - 3 },
      end: { x: letterFrame.width - letterFrame.right, y: y - 3 },
      thickness: 0.5,
      color: rgb(...grey),
    });
  }
}

/**
 * The table as a PDF (US Letter; see the module comment); an empty table prints its `emptyText` (default "No rows in
 * this period.").
 */
export async function writePdf(table: ReportTable): Promise<Buffer> {
  const { pdf, fonts } = await createPdfWithFonts();
  const width = letterFrame.width - letterFrame.left - letterFrame.right;
  const widths = columnWidths(table, fonts, width);
  const header = table.columns.map((c) => c.label);
  const generated = table.generatedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const pages: PDFPage[] = [];
  let page = pdf.addPage([letterFrame.width, letterFrame.height]);
  pages.push(page);
  let y = letterFrame.height - letterFrame.top - TITLE_SIZE;
  page.drawText(printable(table.title, fonts), {
    x: letterFrame.left,
    y,
    size: TITLE_SIZE,
    font: fonts.bold,
  });
  for (const line of [table.subject, `Period: ${table.period}`, `Generated: ${generated}`]) {
    y -= TEXT_SIZE + 6;
    page.drawText(fitted(printable(line, fonts), fonts.regular, TEXT_SIZE, width), {
      x: letterFrame.left,
      y,
      size: TEXT_SIZE,
      font: fonts.regular,
      color: rgb(...grey),
    });
  }
  y -= 24;
  drawRow(page, fonts, header, widths, y, true);
  if (table.rows.length === 0) {
    const empty = table.emptyText ?? 'No rows in this period.';
    page.drawText(fitted(printable(empty, fonts), fonts.regular, TEXT_SIZE, width), {
      x: letterFrame.left,
      y: y - ROW_HEIGHT - 4,
      size: TEXT_SIZE,
      font: fonts.regular,
    });
  }
  for (const row of table.rows) {
    y -= ROW_HEIGHT;
    if (y < letterFrame.bottom) {
      page = pdf.addPage([letterFrame.width, letterFrame.height]);
      pages.push(page);
      y = letterFrame.height - letterFrame.top - CELL_SIZE;
      drawRow(page, fonts, header, widths, y, true);
      y -= ROW_HEIGHT;
    }
    drawRow(page, fonts, row.map(cellText), widths, y, false);
  }
  drawFooters(
    pages,
    fonts,
    (n, total) => `${table.title} · ${table.subject} · ${table.period} · Page ${n} of ${total}`,
  );
  setMetadata(pdf, {
    title: `${table.title} · ${table.subject}`,
    author: 'Tend',
    subject: table.period,
    language: 'en-US',
    at: table.generatedAt,
  });
  return Buffer.from(await pdf.save());
}
