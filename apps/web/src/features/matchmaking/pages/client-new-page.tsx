/**
 * Step `new` of a client listing (issue 21; decision 0053), at `/matchmaking/client/new` and
 * `/matchmaking/guardian/:guardianId/createClient` (the same form): who the person is, where (the ZIP sets the city
 * and the map position; the street address stays with the family), languages, the care, and hours a week. With
 * `?clientId=` it edits that listing. An account without a guardian record is sent to make one first. Saved: on to
 * the photo step (`clientStepPath('avatar', id)`).
 */
import { useState } from 'react';
import { MultiSelect, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import {
  clientCareLevels,
  clientCareTypes,
  clientHoursCategories,
  clientStepPath,
  type ClientListing,
  type ClientListingInput,
} from '@tend/contracts';
import { isNotFound, useClientListing, useGuardianProfile, useWriteClientListing } from '../api/clients.ts';
import {
  applyFieldErrors,
  ClientListingMissing,
  EnumSelect,
  FormProblems,
  languageOptions,
  LoadState,
  NameAndSexInputs,
  SaveAndContinue,
  useClientIdParam,
} from '../components/client-form-parts.tsx';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';

interface AboutValues {
  firstName: string;
  middleName: string;
  lastName: string;
  sex: string | null;
  dob: string;
  age: number | string;
  address: string;
  zipCode: string;
  languages: string[];
  careType: string | null;
  levelCareNeeded: string | null;
  hoursNeeded: number | string;
  hoursNeededCategory: string | null;
}

const FIELDS = Object.keys({
  firstName: 0,
  middleName: 0,
  lastName: 0,
  sex: 0,
  dob: 0,
  age: 0,
  address: 0,
  zipCode: 0,
  languages: 0,
  careType: 0,
  levelCareNeeded: 0,
  hoursNeeded: 0,
  hoursNeededCategory: 0,
} satisfies Record<keyof AboutValues, 0>);

const valuesOf = (listing: ClientListing | undefined): AboutValues => ({
  firstName: listing?.firstName ?? '',
  middleName: listing?.middleName ?? '',
  lastName: listing?.lastName ?? '',
  sex: listing?.sex ?? null,
  dob: listing?.dob ?? '',
  age: listing?.age ?? '',
  address: listing?.address ?? '',
  zipCode: listing?.zipCode ?? '',
  languages: listing?.languages ?? [],
  careType: listing?.careType ?? null,
  levelCareNeeded: listing?.levelCareNeeded ?? null,
  hoursNeeded: listing?.hoursNeeded ?? '',
  hoursNeededCategory: listing?.hoursNeededCategory ?? null,
});

/** The request body of the form's values (empty inputs as none). */
function bodyOf(values: AboutValues): ClientListingInput {
  return {
    ...values,
    sex: (values.sex ?? null) as ClientListingInput['sex'],
    dob: values.dob || null,
    age: values.age === '' ? null : Number(values.age),
    hoursNeeded: values.hoursNeeded === '' ? null : Number(values.hoursNeeded),
    careType: (values.careType ?? null) as ClientListingInput['careType'],
    levelCareNeeded: (values.levelCareNeeded ?? null) as ClientListingInput['levelCareNeeded'],
    hoursNeededCategory: (values.hoursNeededCategory ?? null) as ClientListingInput['hoursNeededCategory'],
  };
}

export function ClientNewPage() {
  const clientId = useClientIdParam();
  const guardian = useGuardianProfile();
  const listing = useClientListing(clientId);
  if (isNotFound(guardian.error)) return <Navigate to="/matchmaking/guardian/create" replace />;
  if (clientId && isNotFound(listing.error)) return <ClientListingMissing />;
  const ready = guardian.data && (!clientId || listing.data);
  return (
    <Stack gap="md" maw={640} w="100%">
      <OnboardingProgress side="client" step="new" />
      <Title order={1}>
        <FormattedMessage
          id={clientId ? 'matchmaking.client.new.editTitle' : 'matchmaking.client.new.title'}
        />
      </Title>
      {ready ? (
        <AboutForm existing={listing.data} />
      ) : (
        <LoadState failed={guardian.isError || listing.isError} />
      )}
    </Stack>
  );
}

/** The step-new form: values, labels, and the submit that creates or saves and goes on to the photo step. */
function useAboutForm(existing: ClientListing | undefined) {
  const intl = useIntl();
  const navigate = useNavigate();
  const write = useWriteClientListing();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<AboutValues>({ mode: 'controlled', initialValues: valuesOf(existing) });
  const labels = Object.fromEntries(
    FIELDS.map((field) => [field, intl.formatMessage({ id: `matchmaking.client.field.${field}` })]),
  );
  const submit = form.onSubmit((values) => {
    setProblems([]);
    const body = bodyOf(values);
    write.mutate(existing ? { kind: 'update', id: existing.id, body } : { kind: 'create', body }, {
      onSuccess: (saved) => void navigate(clientStepPath('avatar', saved.id)),
      onError: (error) => setProblems(applyFieldErrors(intl, form, error, labels)),
    });
  });
  return { intl, form, labels, submit, problems, pending: write.isPending };
}

function AboutForm({ existing }: { existing: ClientListing | undefined }) {
  const { intl, form, labels, submit, problems, pending } = useAboutForm(existing);
  const help = (field: string) => intl.formatMessage({ id: `matchmaking.client.help.${field}` });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormProblems messages={problems} />
        <NameAndSexInputs
          labels={labels}
          inputProps={(field) => form.getInputProps(field)}
          own={false}
          lastNameHelp={help('lastName')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={labels.dob} type="date" {...form.getInputProps('dob')} />
          <NumberInput
            label={labels.age}
            description={help('age')}
            min={0}
            max={130}
            allowDecimal={false}

            {...form.getInputProps('age')}
          />
        </SimpleGrid>
        <TextInput
          label={labels.address}
          description={help('address')}
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <TextInput
          label={labels.zipCode}
          description={help('zipCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          {...form.getInputProps('zipCode')}
        />
        <MultiSelect
          label={labels.languages}
          data={languageOptions(intl.locale)}
          searchable
          {...form.getInputProps('languages')}
        />
        <CareNeedInputs form={form} labels={labels} help={help} />
        <SaveAndContinue pending={pending} />
      </Stack>
    </form>
  );
}

/** Type of care, how much help, hours a week and its category. */
function CareNeedInputs({
  form,
  labels,
  help,
}: {
  form: ReturnType<typeof useAboutForm>['form'];
  labels: Record<string, string>;
  help: (field: string) => string;
}) {
  return (
    <>
      <EnumSelect
        label={labels.careType}
        group={'careType'}
        values={clientCareTypes}
        {...form.getInputProps('careType')}
      />
      <EnumSelect
        label={labels.levelCareNeeded}
        group={'careLevel'}
        values={clientCareLevels}
        {...form.getInputProps('levelCareNeeded')}
      />
      <NumberInput
        label={labels.hoursNeeded}
        description={help('hoursNeeded')}
        min={1}
        max={168}
        {...form.getInputProps('hoursNeeded')}
      />
      <EnumSelect
        label={labels.hoursNeededCategory}
        description={help('hoursNeededCategory')}
        group="hoursCategory"
        values={clientHoursCategories}
        {...form.getInputProps('hoursNeededCategory')}
      />
    </>
  );
}
