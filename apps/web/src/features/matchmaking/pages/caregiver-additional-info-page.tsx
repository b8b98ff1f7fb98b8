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
  type AvailabilityStatus,
  type CaregiverAdditionalInfoInput,
  type CaregiverListing,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import { useSaveCaregiverAdditionalInfo } from '../api/caregivers.ts';
import {
  CaregiverStepPage,
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

type ListName = 'contacts' | 'references';
type Translate = (id: string, values?: Record<string, string | number>) => string;

/** What differs between the contacts and the references lists. */
const lists: Record<
  ListName,
  {
    item: 'Contact' | 'Reference';
    max: number;
    fields: { key: string; required?: boolean }[];
    blank: () => Values[ListName][number];
  }
> = {
  contacts: {
    item: 'Contact',
    max: CAREGIVER_CONTACTS_MAX,
    fields: [{ key: 'name', required: true }, { key: 'relationship' }],
    blank: () => ({ name: '', relationship: '' }),
  },
  references: {
    item: 'Reference',
    max: CAREGIVER_REFERENCES_MAX,
    fields: [{ key: 'refName', required: true }, { key: 'refContact' }, { key: 'relationship' }],
    blank: () => ({ refName: '', refContact: '', relationship: '', verified: false }),
  },
};

/**
 * The contacts or the references: each entry's inputs with a remove button, "Add" up to the list's maximum, and for a
 * reference whether the agency has checked it (never set here).
 */
function ListFieldset({
  name,
  form,
  labels,
  t,
}: {
  name: ListName;
  form: UseFormReturnType<Values>;
  labels: Record<string, string>;
  t: Translate;
}) {
  const { item, max, fields, blank } = lists[name];
  const verified = form.values[name].map((entry) => 'verified' in entry && entry.verified);
  return (
    <Fieldset legend={t(`${name}Title`)}>
      <Stack gap="sm">
        <Text size="sm">{t(`${name}Hint`)}</Text>
        {verified.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`${name}Empty`)}
          </Text>
        ) : null}
        {verified.map((checked, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              {fields.map((field) => (
                <TextInput
                  key={field.key}
                  label={labels[field.key]}
                  required={field.required}
                  {...form.getInputProps(`${name}.${index}.${field.key}`)}
                />
              ))}
              {name === 'references' ? (
                <Text size="xs" c="dimmed">
                  {checked ? t('referenceVerified') : t('referenceUnverified')}
                </Text>
              ) : null}
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t(`remove${item}`, { number: index + 1 })}
              onClick={() => form.removeListItem(name, index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={verified.length >= max}
          {...wrappingButton}
          onClick={() => form.insertListItem(name, blank())}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(`add${item}`)}
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
        <ListFieldset name="contacts" form={form} labels={labels} t={t} />
        <ListFieldset name="references" form={form} labels={labels} t={t} />
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
        <StepActions previous="profilePhoto" listingId={listing.id} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CaregiverAdditionalInfoPage() {
  return (
    <CaregiverStepPage
      step="additionalInfo"
      titleId="matchmaking.caregiver.additional.title"
      introId="matchmaking.caregiver.additional.intro"
      form={AdditionalInfoForm}
    />
  );
}
