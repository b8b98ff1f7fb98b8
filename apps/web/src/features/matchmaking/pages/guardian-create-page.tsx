/**
 * `/matchmaking/guardian/create` (issue 21; spec s.3 Guardian; decision 0053): the family member's own details —
 * name parts, sex, phone, email, date of birth, text messages (off unless ticked). An account that has a guardian
 * record edits it here. Saved: on to adding a client (`/matchmaking/guardian/:guardianId/createClient`).
 */
import { useState } from 'react';
import { Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { type GuardianProfile, type GuardianProfileInput } from '@tend/contracts';
import { isNotFound, useGuardianProfile, useSaveGuardianProfile } from '../api/clients.ts';
import {
  applyFieldErrors,
  FormProblems,
  LoadState,
  NameAndSexInputs,
  SaveAndContinue,
} from '../components/client-form-parts.tsx';

interface GuardianValues {
  firstName: string;
  middleName: string;
  lastName: string;
  sex: string | null;
  phoneNumber: string;
  email: string;
  dob: string;
  smsNotificationsEnabled: boolean;
}

const valuesOf = (profile: GuardianProfile | undefined): GuardianValues => ({
  firstName: profile?.firstName ?? '',
  middleName: profile?.middleName ?? '',
  lastName: profile?.lastName ?? '',
  sex: profile?.sex ?? null,
  phoneNumber: profile?.phoneNumber ?? '',
  email: profile?.email ?? '',
  dob: profile?.dob ?? '',
  smsNotificationsEnabled: profile?.smsNotificationsEnabled ?? false,
});

export function GuardianCreatePage() {
  const profile = useGuardianProfile();
  const none = isNotFound(profile.error);
  return (
    <Stack gap="md" maw={640} w="100%">
      <Title order={1}>
        <FormattedMessage
          id={profile.data ? 'matchmaking.guardian.editTitle' : 'matchmaking.guardian.title'}
        />
      </Title>
      <Text>
        <FormattedMessage id="matchmaking.guardian.intro" />
      </Text>
      {profile.data || none ? (
        <GuardianForm existing={profile.data} />
      ) : (
        <LoadState failed={profile.isError} />
      )}
    </Stack>
  );
}

function GuardianForm({ existing }: { existing: GuardianProfile | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const save = useSaveGuardianProfile(existing ? 'update' : 'create');
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<GuardianValues>({ mode: 'controlled', initialValues: valuesOf(existing) });
  const label = (field: string) => intl.formatMessage({ id: `matchmaking.guardian.field.${field}` });
  const labels = Object.fromEntries(
    [
      'firstName',
      'middleName',
      'lastName',
      'sex',
      'phoneNumber',
      'email',
      'dob',
      'smsNotificationsEnabled',
    ].map((field) => [field, label(field)]),
  );

  const submit = form.onSubmit((values) => {
    setProblems([]);
    save.mutate(
      { ...values, dob: values.dob || null, sex: (values.sex ?? null) as GuardianProfileInput['sex'] },
      {
        onSuccess: (saved) => void navigate(`/matchmaking/guardian/${saved.id}/createClient`),
        onError: (error) => setProblems(applyFieldErrors(intl, form, error, labels)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormProblems messages={problems} />
        <NameAndSexInputs labels={labels} inputProps={(field) => form.getInputProps(field)} own />
        <TextInput
          label={labels.phoneNumber}
          type="tel"
          autoComplete="tel"
          description={intl.formatMessage({ id: 'matchmaking.guardian.phoneHelp' })}
          {...form.getInputProps('phoneNumber')}
        />
        <TextInput label={labels.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <TextInput label={labels.dob} type="date" autoComplete="bday" {...form.getInputProps('dob')} />
        <Checkbox
          label={labels.smsNotificationsEnabled}
          description={intl.formatMessage({ id: 'matchmaking.guardian.smsHelp' })}
          {...form.getInputProps('smsNotificationsEnabled', { type: 'checkbox' })}
        />
        <SaveAndContinue pending={save.isPending} />
      </Stack>
    </form>
  );
}
