/**
 * `/matchmaking/caregiver/additionalInfo` (issue 21, caregiver step 7 `additionalInfo`; spec s.3 Contact, Reference;
 * decision 0054): contacts (name, relationship), references (name, phone or email, relationship — the agency marks
 * them verified, never the caregiver), backup-ready, availability (available now / soon from a date / not available)
 * and hours per week. The lists replace the saved ones as a whole. Then the finishing step.
 */
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import {
  availabilityStatuses,
  CAREGIVER_CONTACTS_MAX,
  CAREGIVER_REFERENCES_MAX,
  caregiverStepPath,
  type AvailabilityStatus,
  type CaregiverAdditionalInfoInput,
  type CaregiverListing,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import { useSaveCaregiverAdditionalInfo } from '../api/caregivers.ts';
import {
  CaregiverPage,
  CAREGIVER_PROFILE_PATH,
  SaveErrorAlert,
  StepActions,
  useAfterSave,
  useSaveErrors,
  wrappingButton,
} from '../components/caregiver-step.tsx';

interface Values {
  contacts: { name: string; relationship: string }[];
  references: { refName: string; refContact: string; relationship: string; verified: boolean }[];
  backupReady: boolean;
  availabilityStatus: AvailabilityStatus | '';
  availableFrom: string;
  availableHours: number | string;
}

const valuesOf = (listing: CaregiverListing): Values => ({
  contacts: listing.contacts.map((c) => ({ name: c.name, relationship: c.relationship ?? '' })),
  references: listing.references.map((r) => ({
    refName: r.refName,
    refContact: r.refContact ?? '',
    relationship: r.relationship ?? '',
    verified: r.verified,
  })),
  backupReady: listing.backupReady,
  availabilityStatus: listing.availabilityStatus ?? '',
  availableFrom: listing.availableFrom ?? '',
  availableHours: listing.availableHours ?? '',
});

/** The request body of the form's values (empty text → null; the date only for `soon`). */
function bodyOf(values: Values): CaregiverAdditionalInfoInput {
  return {
    contacts: values.contacts.map((c) => ({ name: c.name, relationship: c.relationship || null })),
    references: values.references.map((r) => ({
      refName: r.refName,
      refContact: r.refContact || null,
      relationship: r.relationship || null,
    })),
    backupReady: values.backupReady,
    availabilityStatus: values.availabilityStatus || null,
    availableFrom: values.availabilityStatus === 'soon' ? values.availableFrom || null : null,
    availableHours: values.availableHours === '' ? null : Number(values.availableHours),
  };
}

/** The API's field errors by full path (`references.0.refName`), each led by its input's label. */
function fieldErrorsOf(error: unknown, labels: Record<string, string>): Record<string, string> {
  const found: Record<string, string> = {};
  if (!(error instanceof ApiError)) return found;
  for (const field of error.fieldErrors) {
    const path = field.path.replace(/^body\./, '');
    const last = path.split('.').pop() ?? path;
    found[path] = labelMessage(field.message, labels[last]);
  }
  return found;
}

/** Contacts: name and relationship, up to CAREGIVER_CONTACTS_MAX. */
function ContactsFieldset({
  form,
  labels,
  t,
}: {
  form: UseFormReturnType<Values>;
  labels: Record<string, string>;
  t: (id: string, values?: Record<string, string | number>) => string;
}) {
  return (
    <Fieldset legend={t('contactsTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('contactsHint')}</Text>
        {form.values.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('contactsEmpty')}
          </Text>
        ) : null}
        {form.values.contacts.map((_, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput label={labels.name} required {...form.getInputProps(`contacts.${index}.name`)} />
              <TextInput
                label={labels.relationship}
                {...form.getInputProps(`contacts.${index}.relationship`)}
              />
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('removeContact', { number: index + 1 })}
              onClick={() => form.removeListItem('contacts', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={form.values.contacts.length >= CAREGIVER_CONTACTS_MAX}
          {...wrappingButton}
          onClick={() => form.insertListItem('contacts', { name: '', relationship: '' })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addContact')}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** References: name, phone or email, relationship (verified by the agency only), up to CAREGIVER_REFERENCES_MAX. */
function ReferencesFieldset({
  form,
  labels,
  t,
}: {
  form: UseFormReturnType<Values>;
  labels: Record<string, string>;
  t: (id: string, values?: Record<string, string | number>) => string;
}) {
  return (
    <Fieldset legend={t('referencesTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('referencesHint')}</Text>
        {form.values.references.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('referencesEmpty')}
          </Text>
        ) : null}
        {form.values.references.map((reference, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label={labels.refName}
                required
                {...form.getInputProps(`references.${index}.refName`)}
              />
              <TextInput
                label={labels.refContact}
                {...form.getInputProps(`references.${index}.refContact`)}
              />
              <TextInput
                label={labels.relationship}
                {...form.getInputProps(`references.${index}.relationship`)}
              />
              <Text size="xs" c="dimmed">
                {reference.verified ? t('referenceVerified') : t('referenceUnverified')}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('removeReference', { number: index + 1 })}
              onClick={() => form.removeListItem('references', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={form.values.references.length >= CAREGIVER_REFERENCES_MAX}
          {...wrappingButton}
          onClick={() =>
            form.insertListItem('references', {
              refName: '',
              refContact: '',
              relationship: '',
              verified: false,
            })
          }
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addReference')}
        </Button>
      </Stack>
    </Fieldset>
  );
}

function AdditionalInfoForm({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.caregiver.additional.${id}` }, values);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(listing) });
  const save = useSaveCaregiverAdditionalInfo();
  const errors = useSaveErrors();
  const after = useAfterSave('listingFinalization');
  const labels: Record<string, string> = {
    name: t('contactName'),
    relationship: t('relationship'),
    refName: t('refName'),
    refContact: t('refContact'),
    backupReady: t('backupReady'),
    availabilityStatus: t('availability'),
    availableFrom: t('availableFrom'),
    availableHours: t('availableHours'),
  };
  const submit = form.onSubmit((values) => {
    errors.clear();
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => void after.go(saved.id),
      onError: (error) => {
        errors.show(error);
        form.setErrors(fieldErrorsOf(error, labels));
      },
    });
  });
  const status = form.values.availabilityStatus;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContactsFieldset form={form} labels={labels} t={t} />
        <ReferencesFieldset form={form} labels={labels} t={t} />
        <Radio.Group label={labels.availabilityStatus} {...form.getInputProps('availabilityStatus')}>
          <Stack gap="xs" mt="xs">
            {availabilityStatuses.map((value) => (
              <Radio key={value} value={value} label={t(`status.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {status === 'soon' ? (
          <TextInput
            label={labels.availableFrom}
            type="date"
            required
            {...form.getInputProps('availableFrom')}
          />
        ) : null}
        <NumberInput
          label={labels.availableHours}
          description={t('availableHoursHint')}
          min={0}
          max={168}
          {...form.getInputProps('availableHours')}
        />
        <Checkbox
          label={labels.backupReady}
          description={t('backupReadyHint')}
          {...form.getInputProps('backupReady', { type: 'checkbox' })}
        />
        <SaveErrorAlert error={errors.error} />
        <StepActions
          back={after.fromProfile ? CAREGIVER_PROFILE_PATH : caregiverStepPath('profilePhoto', listing.id)}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}

export function CaregiverAdditionalInfoPage() {
  return (
    <CaregiverPage
      step="additionalInfo"
      titleId="matchmaking.caregiver.additional.title"
      introId="matchmaking.caregiver.additional.intro"
    >
      {(listing) => (listing ? <AdditionalInfoForm listing={listing} /> : null)}
    </CaregiverPage>
  );
}
