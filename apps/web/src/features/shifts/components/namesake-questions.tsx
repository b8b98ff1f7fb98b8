/**
 * The people review of a shift file's preview (issue 16; decision 0035): whether caregivers and
 * clients are linked by name alone, and, for each name given without an id that more than one person
 * may have, a question: which existing person, which person of the file (by id), or a new person.
 * Tend links none of those rows until the admin answers (the start waits; `namesakeQuestionsUi`).
 */
import { Alert, Badge, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import type { NamesakeChoice, NamesakeQuestion, PeopleReview, ShiftImportPreview } from '@tend/contracts';
import type { ImportAnswers, ImportQuestionsUi } from '../../../components/imports/column-mapping-step.tsx';

const roleWords = { caregiver: 'caregiver', client: 'client' } as const;

/** The key of a question's answer. */
const questionKey = (question: NamesakeQuestion) => `${question.role}:${question.name}`;

/** The people review of a preview's answer, if it has one. */
function reviewOf(preview: unknown): PeopleReview | undefined {
  return (preview as Partial<ShiftImportPreview>).people;
}

/** An answer's value as the start's `linkTo` (`person:<id>`, `fileId:<id>`, `new`). */
function linkOf(value: string): NamesakeChoice['linkTo'] {
  if (value.startsWith('person:')) return { to: 'person', personId: value.slice('person:'.length) };
  if (value.startsWith('fileId:')) return { to: 'fileId', externalId: value.slice('fileId:'.length) };
  return { to: 'new' };
}

/** The questions of the shift import's mapping step (`ColumnMappingStep`'s `questions`). */
export const namesakeQuestionsUi: ImportQuestionsUi = {
  render: (preview, answers, answer) => {
    const review = reviewOf(preview);
    return review ? <NamesakeQuestions review={review} answers={answers} onAnswer={answer} /> : null;
  },
  unanswered: (preview, answers) =>
    (reviewOf(preview)?.namesakes ?? []).filter((question) => !answers[questionKey(question)]).length,
  body: (preview, answers) => ({
    namesakes: (reviewOf(preview)?.namesakes ?? []).flatMap((question) => {
      const value = answers[questionKey(question)];
      return value ? [{ role: question.role, name: question.name, linkTo: linkOf(value) }] : [];
    }),
  }),
};

/** Whether the file is linked by names alone, then one question per shared name. */
function NamesakeQuestions({
  review,
  answers,
  onAnswer,
}: {
  review: PeopleReview;
  answers: ImportAnswers;
  onAnswer: (key: string, value: string | null) => void;
}) {
  return (
    <Stack gap="sm">
      <ByNameOnlyNotice review={review} />
      {review.namesakes.length ? (
        <Stack gap="sm" component="section" aria-labelledby="namesakes-title">
          <Title order={3} size="h4" id="namesakes-title">
            Who are these people?
          </Title>
          <Text size="sm">
            {review.namesakes.length === 1 ? 'One name' : `${review.namesakes.length} names`} in this file may
            belong to more than one person. Tend links none of their rows until you choose who each is.
            {review.more ? ` ${review.more} more names are not listed: add ids to the file for them.` : ''}
          </Text>
          {review.namesakes.map((question) => (
            <NamesakeQuestionCard
              key={questionKey(question)}
              question={question}
              value={answers[questionKey(question)] ?? null}
              onChange={(value) => onAnswer(questionKey(question), value)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** What linking by name alone means, for each role the file gives no id for. */
function ByNameOnlyNotice({ review }: { review: PeopleReview }) {
  const roles = (
    [
      [review.caregiversByNameOnly, 'caregiver', 'caregivers'],
      [review.clientsByNameOnly, 'client', 'clients'],
    ] as const
  ).filter(([byName]) => byName);
  if (!roles.length) return null;
  const one = roles.map(([, singular]) => singular).join(' or ');
  const many = roles.map(([, , plural]) => plural).join(' and ');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Linked by names alone"
    >
      No {one} id column is mapped, so {many} are linked by name: two different people with the same name in
      this file would become one. If the file has an id column (such as “Employee #” or “Participant PID”),
      map it above.
    </Alert>
  );
}

/** One shared name: who may have it, and the choice of who its rows belong to. */
function NamesakeQuestionCard({
  question,
  value,
  onChange,
}: {
  question: NamesakeQuestion;
  value: string | null;
  onChange: (value: string) => void;
}) {
  const role = roleWords[question.role];
  return (
    <Card withBorder padding="sm" data-namesake={question.name}>
      <Radio.Group
        value={value}
        onChange={onChange}
        label={
          <Group gap="xs" component="span">
            <IconUsers size={16} aria-hidden />
            <span>
              Which {role} is “{question.name}”?
            </span>
            {value ? null : (
              <Badge color="yellow" variant="light" size="sm" component="span">
                Not answered
              </Badge>
            )}
          </Group>
        }
        description={describeQuestion(question)}
      >
        <Stack gap={6} mt="xs">
          {question.inTend.map((person) => (
            <Radio
              key={person.id}
              value={`person:${person.id}`}
              label={`${person.name}${person.externalId ? ` (id ${person.externalId})` : ' (no id)'}${person.altName ? `, also known as ${question.name}` : ''}`}
            />
          ))}
          {question.inFile.map((id) => (
            <Radio key={id} value={`fileId:${id}`} label={`The ${role} with id ${id} in this file`} />
          ))}
          <Radio value="new" label={`A new ${role} (flagged for review)`} />
        </Stack>
      </Radio.Group>
    </Card>
  );
}

/** Where the name comes from, in words. */
function describeQuestion(question: NamesakeQuestion): string {
  const rows = question.rows === 1 ? '1 row gives' : `${question.rows} rows give`;
  const tend = question.inTend.length ? `${question.inTend.length} people in Tend have this name` : null;
  const file = question.inFile.length
    ? `other rows of this file give it with ${question.inFile.length === 1 ? 'the id' : 'ids'} ${question.inFile.join(', ')}`
    : null;
  return `${rows} this name without an id; ${[tend, file].filter(Boolean).join(' and ')}.`;
}
