/**
 * The shapes that ISP processing passes between its steps (issue 19): the PDF's text with positions (from its text
 * layer, or from OCR of a scanned copy), and what is extracted from it. Positions are PDF points (1/72 in) from the
 * page's top-left corner, pages 1-based, the same frame as the contracts' `SourceBox`.
 */
import type { ProtocolSources, Threshold } from '@tend/contracts';

/** One run of text on a page: a pdf.js text item, or an OCR word or line. */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The PDF font's name, or `ocr` for recognized text. */
  fontName: string;
  bold: boolean;
  /** OCR confidence 0..100; absent for a text layer. */
  confidence?: number;
}

/** One page's text: `hasText` is false for a page with no text layer (a scan). */
export interface PageText {
  page: number;
  width: number;
  height: number;
  items: TextItem[];
  hasText: boolean;
}

/** Why an ISP file could not be read, in words a person understands (shown with status ERROR). */
export type IspFileProblem = 'password-protected' | 'damaged' | 'not-a-pdf' | 'empty' | 'unreadable-scan';

/** A protocol as extracted, before anyone reviewed it (stored as a DRAFT `Protocol`). Dates are ISO `YYYY-MM-DD`. */
export interface ExtractedProtocol {
  riskType: string;
  description: string | null;
  prevention: string | null;
  response: string | null;
  emergency: string | null;
  mar: boolean;
  pbsp: boolean;
  serious: boolean;
  sortOrder: number;
  thresholds: Threshold[];
  escalationSteps: string[];
  medicationReferences: string[];
  author: string | null;
  authorLicensed: boolean;
  effectiveDate: string | null;
  reviewDueDate: string | null;
  sources: ProtocolSources;
}

/** What processing makes of one ISP: its text as sanitized HTML, its protocols, its plan dates and any warnings. */
export interface ExtractedIsp {
  processedHtml: string;
  protocols: ExtractedProtocol[];
  planStart: string | null;
  planEnd: string | null;
  /** Things a reviewer should know ("page 4 had no text and was read by OCR"); never PHI in logs. */
  warnings: string[];
}
