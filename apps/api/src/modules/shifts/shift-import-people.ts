/**
 * Who a shift file's rows are linked to, asked before the import (issue 16; decision 0035): the
 * `shifts` kind's `ImportReview`. The preview reads the whole file and says whether caregivers and
 * clients are linked by name alone, and which names given WITHOUT an id more than one person may
 * have (other rows of the file give the name with other ids, or several people of Tend have it as name
 * or alt name). The start checks the admin's answers (contracts `namesakeChoice`) and stores the
 * decisions with the job (`metadata.namesakes`), which the job's people index links by
 * (`ImportPeopleIndex.load`); a name asked about and not answered is never linked (its rows are
 * rejected).
 */
import { z } from 'zod';
import { namesakeChoice, type PeopleReview } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import type { FileRecords, ImportReview } from '../../platform/imports/import-kind.ts';
import {
  ImportPeopleIndex,
  NamesakeCensus,
  namesakeDecisions,
  type NamesakeDecisions,
  type NamesakeQuestionOut,
} from '../people/people-matching.ts';
import type { ShiftImportTypes } from './shift-import.service.ts';

/** Questions a preview lists, at most (`PeopleReview.more` counts the rest). */
const QUESTIONS_SHOWN = 500;

/** The decisions as stored in the job's metadata (`StoredNamesakeDecision`). */
const storedNamesakes = z.array(
  z.object({
    role: z.enum(['caregiver', 'client']),
    key: z.string(),
    personId: z.uuid().optional(),
    externalId: z.string().optional(),
    created: z.literal(true).optional(),
  }),
);

/** The namesake questions of a whole file, against the people Tend has now. */
async function namesakeQuestions(
  db: Executor,
  file: FileRecords<ShiftImportTypes>,
): Promise<{ index: ImportPeopleIndex; questions: NamesakeQuestionOut[] }> {
  const index = await ImportPeopleIndex.load(db);
  const census = new NamesakeCensus();
  for await (const record of file.records()) {
    census.add('caregiver', record.caregiver);
    census.add('client', {
      externalId: record.client.pid,
      name: record.client.name,
      placeholderName: record.client.placeholderName,
    });
  }
  return { index, questions: census.questions(index) };
}

/** The `shifts` kind's review: namesake questions in the preview, their answers checked and stored at start. */
export const shiftPeopleReview: ImportReview<ShiftImportTypes> = {
  async preview(deps, _ctx, file) {
    const { questions } = await namesakeQuestions(deps.db, file);
    const fields = Object.values(file.columnMap);
    const people: PeopleReview = {
      caregiversByNameOnly: !fields.includes('caregiverExternalId'),
      clientsByNameOnly: !fields.includes('pid'),
      namesakes: questions.slice(0, QUESTIONS_SHOWN).map(({ key: _key, ...question }) => question),
      more: Math.max(0, questions.length - QUESTIONS_SHOWN),
    };
    const offered = questions.reduce((sum, question) => sum + question.inTend.length, 0);
    return { answer: { people }, audit: { namesakes: questions.length, peopleOffered: offered } };
  },
  async start(deps, ctx, file, extra) {
    // The endpoint's schema validated the body; parsed again here because `extra` is untyped.
    const answers = z.array(namesakeChoice).optional().parse(extra.namesakes) ?? [];
    const { index, questions } = await namesakeQuestions(deps.db, file);
    const stored = await deps.db.transaction((tx) => index.settleNamesakes(tx, ctx, questions, answers));
    return stored.length ? { namesakes: stored } : {};
  },
};

/**
 * The decisions a job's metadata stores (none for a JSON upload or a file without questions), and how
 * many caregivers and clients were created for "a new person" answers at start.
 */
export function storedDecisions(metadata: Record<string, unknown>): {
  decisions: NamesakeDecisions | undefined;
  created: { caregivers: number; clients: number };
} {
  const stored = metadata.namesakes === undefined ? [] : storedNamesakes.parse(metadata.namesakes);
  const created = (role: 'caregiver' | 'client') =>
    stored.filter((entry) => entry.role === role && entry.created).length;
  return {
    decisions: stored.length ? namesakeDecisions(stored) : undefined,
    created: { caregivers: created('caregiver'), clients: created('client') },
  };
}
