/**
 * Add or edit a billing-code rule (issue 6): code, modifier, description, the caregiver types that may
 * bill it, the rate per unit typed in dollars (stored as integer cents), the unit and the dates.
 * Validated with the contract schema (`billingCodeRuleInput`); server field errors land on their
 * inputs; values stay on a failed save.
 */
import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  billingCodeRuleInput,
  budgetMeasureLabels,
  budgetMeasures,
  caregiverTypes,
  dollarsToCents,
  type BillingCodeRule,
  type BillingCodeRuleInput,
  type CaregiverType,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useSaveBillingRule } from '../api/billing.ts';
import { dollarsFieldValue } from '../../../lib/format/index.ts';

export const caregiverTypeLabels: Record<CaregiverType, string> = {
  DSP_CARE: 'DSP care',
  DOC_CARE_1: 'DOC care 1',
  DOC_CARE_2: 'DOC care 2',
  FELLOWSHIP_PROTECTION: 'Fellowship protection',
  FIFTY_STRAIGHT: 'Fifty straight',
};
const typeOptions = caregiverTypes.map((value) => ({ value, label: caregiverTypeLabels[value] }));
const measureOptions = budgetMeasures.map((value) => ({ value, label: budgetMeasureLabels[value] }));

interface Values {
  billingCode: string;
  modifier: string;
  description: string;
  allowedCaregiverTypes: string[];
  rate: string;
  unitMeasure: string;
  effectiveDate: string;
  expirationDate: string;
}

const labels: Record<string, string> = {
  billingCode: 'Billing code',
  modifier: 'Modifier',
  description: 'Description',
  allowedCaregiverTypes: 'Caregiver types allowed',
  rateCents: 'Rate per unit',
  unitMeasure: 'Unit',
  effectiveDate: 'Effective date',
  expirationDate: 'Expiration date',
};

/** Labels of the form's inputs (the rate is typed in dollars: a `rateCents` error stays in the alert). */
const inputLabels: Record<string, string> = { ...labels, rate: 'Rate per unit' };
delete inputLabels.rateCents;

/** The request body from the form values: the rate in cents (NaN when not dollars), empty optional text null. */
function toBody(values: Values) {
  return {
    billingCode: values.billingCode,
    modifier: values.modifier || null,
    description: values.description || null,
    allowedCaregiverTypes: values.allowedCaregiverTypes,
    rateCents: dollarsToCents(values.rate) ?? Number.NaN,
    unitMeasure: values.unitMeasure,
    effectiveDate: values.effectiveDate,
    expirationDate: values.expirationDate || null,
  };
}

const contractErrors = contractValidator(billingCodeRuleInput, labels);
/** The contract's errors, the rate's reported on the dollars input. */
function validate(values: Values) {
  const errors: Record<string, string> = { ...(contractErrors(toBody(values)) as Record<string, string>) };
  if (errors.rateCents) delete errors.rateCents;
  if (dollarsToCents(values.rate) === null)
    errors.rate = 'Rate per unit must be dollars and cents, e.g. 7.25';
  return errors;
}

/** The form's values of `rule` (the rate in dollars), or those of a new rule. */
function valuesOf(rule: BillingCodeRule | undefined): Values {
  return {
    billingCode: rule?.billingCode ?? '',
    modifier: rule?.modifier ?? '',
    description: rule?.description ?? '',
    allowedCaregiverTypes: rule?.allowedCaregiverTypes ?? ['DSP_CARE'],
    rate: rule ? dollarsFieldValue(rule.rateCents) : '',
    unitMeasure: rule?.unitMeasure ?? 'units_15min',
    effectiveDate: rule?.effectiveDate ?? '',
    expirationDate: rule?.expirationDate ?? '',
  };
}

/** The fields of `body` that differ from `before` (an edit sends only what changed). */
function changedFields(body: ReturnType<typeof toBody>, before: ReturnType<typeof toBody>) {
  const patch: Partial<BillingCodeRuleInput> = {};
  for (const key of Object.keys(body) as (keyof typeof body)[]) {
    if (JSON.stringify(body[key]) !== JSON.stringify(before[key])) Object.assign(patch, { [key]: body[key] });
  }
  return patch;
}

/**
 * The rule form and its save: a new rule is sent whole, an edit as the changed fields (none: the form
 * just closes). On success a notification, `onSaved(job id)` and close; on failure the field errors land
 * on their inputs and the rest in `submitError`.
 */
function useBillingRuleForm(
  rule: BillingCodeRule | undefined,
  onClose: () => void,
  onSaved: (jobId: string) => void,
) {
  const save = useSaveBillingRule();
  const [submitError, setSubmitError] = useState<unknown>(undefined);
  const initial = valuesOf(rule);
  const form = useForm<Values>({ initialValues: initial, validate });
  const submit = form.onSubmit((values) => {
    setSubmitError(undefined);
    const body = toBody(values);
    const sent: Partial<BillingCodeRuleInput> = rule
      ? changedFields(body, toBody(initial))
      : (body as BillingCodeRuleInput);
    if (rule && !Object.keys(sent).length) {
      onClose();
      return;
    }
    save.mutate(
      { id: rule?.id, values: sent },
      {
        onSuccess: ({ rule: saved, job }) => {
          notifications.show({
            color: 'green',
            title: rule ? 'Rule saved' : 'Rule added',
            message: `${saved.billingCode}${saved.modifier ? ` + ${saved.modifier}` : ''}: segments are being validated again`,
          });
          onSaved(job.id);
          onClose();
        },
        onError: (error) => {
          applyApiFieldErrors(form, error, inputLabels);
          setSubmitError(error);
        },
      },
    );
  });
  return { form, submit, saving: save.isPending, submitError };
}

/** See the module comment. Mounted only while open; `onSaved` gets the validation job id. */
export function BillingRuleForm({
  rule,
  onClose,
  onSaved,
}: {
  rule?: BillingCodeRule;
  onClose: () => void;
  onSaved: (jobId: string) => void;
}) {
  const { form, submit, saving, submitError } = useBillingRuleForm(rule, onClose, onSaved);
  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? 'Edit billing-code rule' : 'Add billing-code rule'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RuleFields form={form} />
          {submitError ? <ApiErrorAlert error={submitError} title="The rule was not saved" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {rule ? 'Save' : 'Add rule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Code and modifier, description, caregiver types, rate (dollars) and unit, effective and expiration dates. */
function RuleFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Billing code"
          placeholder="e.g. OR526"
          required
          maxLength={20}
          {...form.getInputProps('billingCode')}
        />
        <TextInput
          label="Modifier"
          placeholder="e.g. ZE"
          description="Empty: the code without a modifier"
          maxLength={10}
          {...form.getInputProps('modifier')}
        />
      </Group>
      <Textarea
        label="Description"
        maxLength={500}
        autosize
        minRows={1}
        {...form.getInputProps('description')}
      />
      <MultiSelect
        label="Caregiver types allowed"
        required
        data={typeOptions}
        {...form.getInputProps('allowedCaregiverTypes')}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Rate per unit"
          placeholder="e.g. 7.25"
          leftSection="$"
          required
          inputMode="decimal"
          {...form.getInputProps('rate')}
        />
        <Select
          label="Unit"
          required
          data={measureOptions}
          allowDeselect={false}
          {...form.getInputProps('unitMeasure')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label="Effective date" type="date" required {...form.getInputProps('effectiveDate')} />
        <TextInput
          label="Expiration date"
          type="date"
          description="Empty: open-ended"
          {...form.getInputProps('expirationDate')}
        />
      </Group>
    </>
  );
}
