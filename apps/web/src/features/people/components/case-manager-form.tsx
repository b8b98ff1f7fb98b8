/**
 * New / edit case-manager form (contracts `caseManagerInput`), for the drawer of the Case managers
 * page. Same behaviour as the client form; an existing case manager also shows its client count.
 */
import { Group, Text, TextInput } from '@mantine/core';
import { caseManagerInput, type CaseManager } from '@tend/contracts';
import {
  useCreateCaseManager,
  useSetCaseManagerArchived,
  useUpdateCaseManager,
} from '../api/case-managers.ts';
import { ArchivedBadge, EmailInput, NameInput, PersonFormFrame } from './form-parts.tsx';
import { usePersonForm } from './use-person-form.tsx';

export interface CaseManagerFormValues {
  name: string;
  county: string;
  email: string;
}

const labels = { name: 'Name', county: 'County', email: 'Email' } satisfies Record<
  keyof CaseManagerFormValues,
  string
>;

export function caseManagerFormValues(caseManager?: CaseManager | null): CaseManagerFormValues {
  return {
    name: caseManager?.name ?? '',
    county: caseManager?.county ?? '',
    email: caseManager?.email ?? '',
  };
}

export interface CaseManagerFormProps {
  caseManager?: CaseManager | null;
  onDone: (caseManager: CaseManager) => void;
}

export function CaseManagerForm({ caseManager, onDone }: CaseManagerFormProps) {
  const { form, frame } = usePersonForm({
    schema: caseManagerInput,
    labels,
    initialValues: caseManagerFormValues(caseManager),
    record: caseManager,
    noun: 'case manager',
    create: useCreateCaseManager(),
    update: useUpdateCaseManager(),
    setArchived: useSetCaseManagerArchived(),
    onDone,
  });

  return (
    <PersonFormFrame {...frame}>
      {caseManager ? (
        <Group gap="xs">
          {caseManager.archived ? <ArchivedBadge /> : null}
          <Text size="sm" c="dimmed">
            {caseManager.clientCount === 1 ? '1 client' : `${caseManager.clientCount} clients`} assigned
          </Text>
        </Group>
      ) : null}
      <NameInput label={labels.name} {...form.getInputProps('name')} />
      <TextInput
        label={labels.county}
        description="County (CDDP) or brokerage they work for"
        autoComplete="off"
        {...form.getInputProps('county')}
      />
      <EmailInput label={labels.email} {...form.getInputProps('email')} />
    </PersonFormFrame>
  );
}
