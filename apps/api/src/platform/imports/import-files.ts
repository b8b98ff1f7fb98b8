/**
 * Reads of imported files (`csv_file`, owned by platform/imports) for the modules: a shift's detail names
 * the file it came from. Modules never name the table themselves (scripts/check-boundaries.ts).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { csvFiles } from './imports.table.ts';

/** An imported file's name as uploaded and its upload time; null when `id` is unknown. */
export async function findImportedFile(
  executor: Executor,
  id: string,
): Promise<{ id: string; originalName: string; uploadDate: Date } | null> {
  const [file] = await executor
    .select({ id: csvFiles.id, originalName: csvFiles.originalName, uploadDate: csvFiles.uploadDate })
    .from(csvFiles)
    .where(eq(csvFiles.id, id));
  return file ?? null;
}
