/**
 * Step `careDetails` of a client listing, `/matchmaking/client/careDetails?clientId=` (issue 21; decision 0053):
 * the care needed in the family's words (needed to publish), anything unusual, weight, and the answers a caregiver
 * must know (transfers, seizures, behaviour, medication, personal care, mobility aids, diet, a language the
 * caregiver must speak, driving, pets and smoking at home). Saved: on to the schedule step.
 */
import { useState } from 'react';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  behaviorSupportNeeds,
  clientStepPath,
  dietNeeds,
  medicationHelpNeeds,
  mobilityAids,
  personalCareTasks,
  seizureSupportNeeds,
  transferNeeds,
  type ClientCareDetailsInput,
  type ClientListing,
} from '@tend/contracts';
import { useWriteClientListing } from '../api/clients.ts';
import {
  applyFieldErrors,
  ClientStepFrame,
  EnumSelect,
  enumOptions,
  FormProblems,
  languageOptions,
  SaveAndContinue,
} from '../components/client-form-parts.tsx';

type Answer = string | null;
interface CareValues {
  careNeededDescription: string;
  uniqueIssues: string;
  weight: number | string;
  transfers: Answer;
  seizureSupport: Answer;
  behaviorSupport: Answer;
  medicationHelp: Answer;
  personalCare: string[];
  mobilityAids: string[];
  diet: string[];
  caregiverLanguage: Answer;
  drivingNeeded: Answer;
  petsInHome: Answer;
  smokingInHome: Answer;
}

const yesNo = (value: boolean | null | undefined): Answer =>
  value === true ? 'yes' : value === false ? 'no' : null;
const fromYesNo = (value: Answer) => (value === 'yes' ? true : value === 'no' ? false : null);

function valuesOf(listing: ClientListing): CareValues {
  const d = listing.careDetails ?? {};
  return {
    careNeededDescription: listing.careNeededDescription ?? '',
    uniqueIssues: listing.uniqueIssues ?? '',
    weight: listing.weight ?? '',
    transfers: d.transfers ?? null,
    seizureSupport: d.seizureSupport ?? null,
    behaviorSupport: d.behaviorSupport ?? null,
    medicationHelp: d.medicationHelp ?? null,
    personalCare: d.personalCare ?? [],
    mobilityAids: d.mobilityAids ?? [],
    diet: d.diet ?? [],
    caregiverLanguage: d.caregiverLanguage ?? null,
    drivingNeeded: yesNo(d.drivingNeeded),
    petsInHome: yesNo(d.petsInHome),
    smokingInHome: yesNo(d.smokingInHome),
  };
}

function bodyOf(v: CareValues): ClientCareDetailsInput {
  return {
    careNeededDescription: v.careNeededDescription,
    uniqueIssues: v.uniqueIssues,
    weight: v.weight === '' ? null : Number(v.weight),
    careDetails: {
      transfers: v.transfers,
      seizureSupport: v.seizureSupport,
      behaviorSupport: v.behaviorSupport,
      medicationHelp: v.medicationHelp,
      personalCare: v.personalCare,
      mobilityAids: v.mobilityAids,
      diet: v.diet,
      caregiverLanguage: v.caregiverLanguage,
      drivingNeeded: fromYesNo(v.drivingNeeded),
      petsInHome: fromYesNo(v.petsInHome),
      smokingInHome: fromYesNo(v.smokingInHome),
    },
  } as ClientCareDetailsInput;
}

const SELECTS = [
  ['transfers', transferNeeds],
  ['seizureSupport', seizureSupportNeeds],
  ['behaviorSupport', behaviorSupportNeeds],
  ['medicationHelp', medicationHelpNeeds],
] as const;
const CHECK_GROUPS = [
  ['personalCare', personalCareTasks],
  ['mobilityAids', mobilityAids],
  ['diet', dietNeeds],
] as const;
const YES_NO = ['drivingNeeded', 'petsInHome', 'smokingInHome'] as const;
const YES_NO_VALUES = ['yes', 'no'] as const;

export function ClientCareDetailsPage() {
  return (
    <ClientStepFrame step="careDetails" titleId="matchmaking.client.care.title">
      {(listing) => <CareForm listing={listing} />}
    </ClientStepFrame>
  );
}

const TOP_FIELDS: readonly string[] = ['careNeededDescription', 'uniqueIssues', 'weight'];
/** The form key of a field: the structured answers sit under `careDetails.` as the API names them. */
const errorKey = (field: string) => (TOP_FIELDS.includes(field) ? field : `careDetails.${field}`);

/** The care-details form: values, labels, input props with the API's errors, and the submit that saves. */
function useCareForm(listing: ClientListing) {
  const intl = useIntl();
  const navigate = useNavigate();
  const write = useWriteClientListing();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<CareValues>({ mode: 'controlled', initialValues: valuesOf(listing) });
  const label = (field: string) => intl.formatMessage({ id: `matchmaking.client.care.field.${field}` });
  const labels = Object.fromEntries(
    Object.keys(valuesOf(listing)).map((field) => [errorKey(field), label(field)]),
  );
  const input = (field: keyof CareValues) => {
    const props = form.getInputProps(field);
    const error = (form.errors[errorKey(field)] as string | undefined) ?? (props.error as string | undefined);
    return { ...props, error };
  };
  const submit = form.onSubmit((values) => {
    setProblems([]);
    write.mutate(
      { kind: 'careDetails', id: listing.id, body: bodyOf(values) },
      {
        onSuccess: (saved) => void navigate(clientStepPath('scheduleMaker', saved.id)),
        onError: (error) => setProblems(applyFieldErrors(intl, form, error, labels)),
      },
    );
  });
  return { intl, label, input, submit, problems, pending: write.isPending };
}

function CareForm({ listing }: { listing: ClientListing }) {
  const { intl, label, input, submit, problems, pending } = useCareForm(listing);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormProblems messages={problems} />
        <Textarea
          label={label('careNeededDescription')}
          description={intl.formatMessage({ id: 'matchmaking.client.care.help.careNeededDescription' })}
          autosize
          minRows={3}
          {...input('careNeededDescription')}
        />
        <Textarea label={label('uniqueIssues')} autosize minRows={2} {...input('uniqueIssues')} />
        <NumberInput
          label={label('weight')}
          description={intl.formatMessage({ id: 'matchmaking.client.care.help.weight' })}
          min={1}
          max={1000}
          {...input('weight')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SELECTS.map(([field, values]) => (
            <EnumSelect key={field} label={label(field)} group={field} values={values} {...input(field)} />
          ))}
        </SimpleGrid>
        {CHECK_GROUPS.map(([field, values]) => (
          <Checkbox.Group key={field} label={label(field)} {...input(field)}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing={6}>
              {enumOptions(intl, field, values).map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ))}
        <Select
          label={label('caregiverLanguage')}
          data={languageOptions(intl.locale)}
          clearable
          searchable
          {...input('caregiverLanguage')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {YES_NO.map((field) => (
            <EnumSelect
              key={field}
              label={label(field)}
              group="yesNo"
              values={YES_NO_VALUES}
              {...input(field)}
            />
          ))}
        </SimpleGrid>
        <SaveAndContinue pending={pending} />
      </Stack>
    </form>
  );
}
