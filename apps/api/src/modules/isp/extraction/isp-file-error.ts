/**
 * Why an uploaded ISP file could not be read, as an error whose message a person understands (issue 19: "Encrypted,
 * corrupt, or non-PDF files end in ERROR with a clear reason"). Processing stores `problem` and shows `message` with
 * status ERROR. The message never contains the file's text (no PHI).
 */
import type { IspFileProblem } from './types.js';

/** The message shown for each problem (English; the web translates by `problem`). */
export const ispFileProblemMessages: Record<IspFileProblem, string> = {
  'password-protected': 'The PDF is password-protected. Upload a copy without a password.',
  damaged:
    'The file is damaged or incomplete (it may have been cut off during download). Download the ISP again and upload the new copy.',
  'not-a-pdf': 'The file is not a PDF. Upload the ISP as a PDF file.',
  empty: 'The file is empty. Upload the ISP PDF again.',
  'unreadable-scan':
    'The scanned pages could not be read. Upload a clearer scan, or a PDF exported from the original document.',
};

/** An ISP file that cannot be read: `problem` says why, `message` says it in words a person understands. */
export class IspFileError extends Error {
  readonly problem: IspFileProblem;

  constructor(problem: IspFileProblem, options?: { cause?: unknown }) {
    super(ispFileProblemMessages[problem], options);
    this.name = 'IspFileError';
    this.problem = problem;
  }
}

/** True when `error` is an {@link IspFileError} (also one from another copy of this module, by name and problem). */
export function isIspFileError(error: unknown): error is IspFileError {
  if (error instanceof IspFileError) return true;
  if (!(error instanceof Error) || error.name !== 'IspFileError') return false;
  const problem: unknown = (error as Error & { problem?: unknown }).problem;
  return typeof problem === 'string' && Object.hasOwn(ispFileProblemMessages, problem);
}
