/**
 * New / edit client form (contracts `clientInput`), for the drawer of the Clients page. Validated
 * with the contract schema before sending; server field errors land on their inputs; values stay
 * in place after a failed save. With `client` it edits and offers Archive/Unarchive.
 */
import { useState } from 'react';
import { Badge, Group, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { clientInput, type Client } from '@tend/contracts';
import { useCaseManagerOptions } from '../api/case-managers.ts';
import { useCreateClient, useSetClientArchived, useUpdateClient } from '../api/clients.ts';
import { ArchiveControl, focusFirstError, PersonFormFrame, placeServerErrors } from './form-parts.tsx';
import { monthOptions } from './months.ts';
import { FORM_ERROR, zodResolver, type FormErrorOptions } from './zod-resolver.ts';

export interface ClientFormValues {
  name: string;
  email: string;
  emails: string[];
  altNames: string[];
  pid: string;
  budgetClientId: string;
  clientPrime: string;
  ispMonth: number | null;
  serviceElement: string;
  caseManagerId: string | null;
}

const labels = {
  name: 'Name',
  email: 'Email',
  emails: 'Additional emails',
  altNames: 'Alternate names',
  pid: 'PID',
  budgetClientId: 'Budget client ID',
  clientPrime: 'Client prime',
  ispMonth: 'ISP month',
  serviceElement: 'Service element',
  caseManagerId: 'Case manager',
} satisfies Record<keyof ClientFormValues, string>;

const errorOptions: FormErrorOptions = { labels, fields: Object.keys(labels) };

/** Form values of a client (or of a new one): empty strings for missing text. */
export function clientFormValues(client?: Client | null): ClientFormValues {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    emails: client?.emails ?? [],
    altNames: client?.altNames ?? [],
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
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const setArchived = useSetClientArchived();
  const caseManagers = useCaseManagerOptions();
  const [submitError, setSubmitError] = useState<unknown>(undefined);

  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: clientFormValues(client),
    validate: zodResolver(clientInput, errorOptions),
    validateInputOnBlur: true,
  });

  const caseManagerData = [...(caseManagers.data ?? [])];
  if (client?.caseManagerId && !caseManagerData.some((option) => option.value === client.caseManagerId)) {
    // The current case manager may be archived: keep it choosable so saving does not drop it.
    caseManagerData.unshift({
      value: client.caseManagerId,
      label: `${client.caseManagerName ?? 'Current case manager'} (archived)`,
    });
  }

  const handleSubmit = form.onSubmit(
    async (values) => {
      setSubmitError(undefined);
      const input = clientInput.parse(values);
      try {
        const saved = client
          ? await updateClient.mutateAsync({ id: client.id, input })
          : await createClient.mutateAsync(input);
        notifications.show({
          color: 'green',
          title: client ? 'Client saved' : 'Client added',
          message: `${saved.name} was ${client ? 'updated' : 'added'}.`,
        });
        onDone(saved);
      } catch (error) {
        setSubmitError(placeServerErrors(form, error, errorOptions));
      }
    },
    (errors) => focusFirstError(form, errors, errorOptions.fields),
  );

  const archive = client ? (
    <ArchiveControl
      archived={client.archived}
      name={client.name}
      noun="client"
      pending={setArchived.isPending}
      error={setArchived.error ?? undefined}
      onConfirm={() =>
        setArchived.mutate(
          { id: client.id, archived: !client.archived },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: saved.archived ? 'Client archived' : 'Client unarchived',
                message: saved.archived
                  ? `${saved.name} is now under Inactive.`
                  : `${saved.name} is back in the active list.`,
              });
              onDone(saved);
            },
          },
        )
      }
    />
  ) : undefined;

  return (
    <PersonFormFrame
      onSubmit={handleSubmit}
      saving={createClient.isPending || updateClient.isPending}
      submitError={submitError}
      formError={form.errors[FORM_ERROR]}
      hasFieldErrors={Object.keys(form.errors).some((key) => key !== FORM_ERROR)}
      archive={archive}
    >
      {client?.archived ? (
        <Group>
          <Badge color="gray" variant="light">
            Archived
          </Badge>
        </Group>
      ) : null}
      <TextInput
        label={labels.name}
        required
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput label={labels.email} type="email" autoComplete="off" {...form.getInputProps('email')} />
      <TagsInput
        label={labels.emails}
        description="Other addresses this client is known by; press Enter or comma after each"
        splitChars={[',', ' ', ';']}
        clearable
        {...form.getInputProps('emails')}
      />
      <TagsInput
        label={labels.altNames}
        description="Other spellings or names used in EVV exports and documents"
        clearable
        {...form.getInputProps('altNames')}
      />
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
