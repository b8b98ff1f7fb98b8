/**
 * The `/test-sync` dry run in words (issue 23, decision 0062 addendum; docs/staging.md): what staging
 * would do with one row of a GIV export, and the run's counts as one sentence. Pure; admin screen,
 * English only like the other staging screens.
 */
import type { TestSyncResult, TestSyncRow } from '@tend/contracts';

const fateLabels: Record<TestSyncRow['fate'], string> = {
  created: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  duplicate: 'Duplicate',
  rejected: 'Rejected',
};

/**
 * One row's fate: a short `label` (New, Updated, Unchanged, Duplicate, Rejected) and `detail`, what
 * staging would do and, for a row it would keep, whether it would be READY or why not. A row staged
 * and promoted before (`staged` UPLOADED) says what happens to its production shift.
 */
export function fateInWords(row: TestSyncRow): { label: string; detail: string } {
  const label = fateLabels[row.fate];
  const reasons = row.reasons.join('; ');
  if (row.fate === 'duplicate') return { label, detail: `Skipped: ${reasons}` };
  if (row.fate === 'rejected') return { label, detail: `Not staged: ${reasons}` };
  const uploaded = row.staged === 'UPLOADED';
  if (row.fate === 'unchanged' && uploaded)
    return { label, detail: 'Already promoted as the file has it: stays uploaded.' };
  const what =
    row.fate === 'created'
      ? 'Would be staged as a new row'
      : row.fate === 'updated'
        ? uploaded
          ? 'Changed since it was promoted: staging would validate it again and the next promotion updates its shift'
          : 'Changed: the staged row would be overwritten with the file’s values'
        : 'Already staged as the file has it';
  const status = row.status === 'READY' ? 'ready to promote' : `needs attention: ${reasons}`;
  return { label, detail: `${what}; ${status}.` };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The run's figures as one sentence: "12 rows read: 12 new, 0 updated, … 7 ready, 5 need attention." */
export function countsInWords(result: Pick<TestSyncResult, 'rows' | 'counts'>): string {
  const c = result.counts;
  return (
    `${plural(result.rows, 'row', 'rows')} read: ${c.created} new, ${c.updated} updated, ` +
    `${c.unchanged} unchanged, ${plural(c.duplicates, 'duplicate', 'duplicates')}, ${c.rejected} rejected. ` +
    `Of the rows staging would keep, ${c.ready} ready to promote, ${c.notReady} ${c.notReady === 1 ? 'needs' : 'need'} attention.`
  );
}
