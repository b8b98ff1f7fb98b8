/**
 * New / edit client form (contracts `clientInput`), for the drawer of the Clients page. Validated
 * with the contract schema before sending; server field errors land on their inputs; values stay
 * in place after a failed save. With `client` it edits and offers Archive/Unarchive.
 */
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { clientInput, type Client } from '@tend/contracts';
import { useCaseManagerOptions } from '../api/case-managers.ts';
import { useCreateClient, useSetClientArchived, useUpdateClient } from '../api/clients.ts';
import {
  ArchivedBadge,
  contactFormValues,
  contactLabels,
  EmailInput,
  NameInput,
  OtherEmailsAndNames,
  PersonFormFrame,
  ReviewNotice,
  type ContactFormValues,
} from './form-parts.tsx';
import { monthOptions } from './months.ts';
import { usePersonForm } from './use-person-form.tsx';

export interface ClientFormValues extends ContactFormValues {
  pid: string;
  budgetClientId: string;
  clientPrime: string;
  ispMonth: number | null;
  serviceElement: string;
  caseManagerId: string | null;
}

const labels = {
  ...contactLabels,
  pid: 'PID',
  budgetClientId: 'Budget client ID',
  clientPrime: 'Client prime',
  ispMonth: 'ISP month',
  serviceElement: 'Service element',
  caseManagerId: 'Case manager',
} satisfies Record<keyof ClientFormValues, string>;

/** Form values of a client (or of a new one): empty strings for missing text. */
export function clientFormValues(client?: Client | null): ClientFormValues {
  return {
    ...contactFormValues(client),
    pid: client?.pid ?? '',
    budgetClientId: client?.budgetClientId ?? '',
    clientPrime: client?.clientPrime ?? '',
    ispMonth: client?.ispMonth ?? null,
    serviceElement: client?.serviceElement ?? '',
    caseManagerId: client?.caseManagerId ?? null,
  };
}

export interface ClientFormProps {
  /** The client to edit; absent for a new client. */
  client?: Client | null;
  /** Called after a successful save or (un)archive: the drawer closes. */
  onDone: (client: Client) => void;
}

export function ClientForm({ client, onDone }: ClientFormProps) {
  const caseManagers = useCaseManagerOptions();
  const { form, frame } = usePersonForm({
    schema: clientInput,
    labels,
    initialValues: clientFormValues(client),
    record: client,
    noun: 'client',
    create: useCreateClient(),
    update: useUpdateClient(),
    setArchived: useSetClientArchived(),
    onDone,
  });

  const caseManagerData = [...(caseManagers.data ?? [])];
  if (client?.caseManagerId && !caseManagerData.some((option) => option.value === client.caseManagerId)) {
    // The current case manager may be archived: keep it choosable so saving does not drop it.
    caseManagerData.unshift({
      value: client.caseManagerId,
      label: `${client.caseManagerName ?? 'Current case manager'} (archived)`,
    });
  }

  return (
    <PersonFormFrame {...frame}>
      {client?.archived ? (
        <Group>
          <ArchivedBadge />
        </Group>
      ) : null}
      <ReviewNotice
        flagged={Boolean(client?.needsReview)}
        checkboxProps={form.getInputProps('needsReview', { type: 'checkbox' })}
      />
      <NameInput label={labels.name} {...form.getInputProps('name')} />
      <EmailInput label={labels.email} {...form.getInputProps('email')} />
      <OtherEmailsAndNames noun="client" labels={labels} getInputProps={form.getInputProps} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={labels.pid}
          description="Medicaid prime ID"
          autoComplete="off"
          {...form.getInputProps('pid')}
        />
        <TextInput
          label={labels.serviceElement}
          description="e.g. SE 49"
          autoComplete="off"
          {...form.getInputProps('serviceElement')}
        />
        <TextInput
          label={labels.budgetClientId}
          autoComplete="off"
          {...form.getInputProps('budgetClientId')}
        />
        <TextInput label={labels.clientPrime} autoComplete="off" {...form.getInputProps('clientPrime')} />
      </SimpleGrid>
      <Select
        label={labels.ispMonth}
        description="Month the ISP renews"
        data={monthOptions}
        clearable
        {...form.getInputProps('ispMonth')}
      />
      <Select
        label={labels.caseManagerId}
        data={caseManagerData}
        searchable
        clearable
        nothingFoundMessage="No case manager by that name"
        placeholder={caseManagers.isLoading ? 'Loading case managers…' : undefined}
        error={caseManagers.error ? "Couldn't load case managers" : undefined}
        {...form.getInputProps('caseManagerId')}
      />
    </PersonFormFrame>
  );
}
