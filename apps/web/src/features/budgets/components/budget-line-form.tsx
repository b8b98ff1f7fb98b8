/**
 * Add or edit a client's budget line by hand (spec s.3 Budget): client, procedure code, modifier,
 * authorized units with their measure, term and dates. Validated with the contract schema
 * (`budgetLineInput`); server field errors land on their inputs; values stay on a failed save.
 */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  budgetLineInput,
  budgetMeasureLabels,
  budgetMeasures,
  type BudgetLine,
  type BudgetLinePatch,
  type BudgetMeasure,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useSaveBudgetLine } from '../api/budgets.ts';

interface Values {
  clientId: string;
  procCode: string;
  svcModifierCd: string;
  units: number | string;
  measure: string;
  term: string;
  effectiveDate: string;
  expirationDate: string;
}

const labels: Record<keyof Values, string> = {
  clientId: 'Client',
  procCode: 'Procedure code',
  svcModifierCd: 'Modifier',
  units: 'Authorized units',
  measure: 'Measure',
  term: 'Term',
  effectiveDate: 'Effective date',
  expirationDate: 'Expiration date',
};

/** The request body from the form values: empty optional text and dates become null. */
function toBody(values: Values) {
  return {
    clientId: values.clientId,
    procCode: values.procCode,
    svcModifierCd: values.svcModifierCd || null,
    units: typeof values.units === 'number' ? values.units : Number.NaN,
    measure: values.measure,
    term: values.term || null,
    effectiveDate: values.effectiveDate,
    expirationDate: values.expirationDate || null,
  };
}

const validate = contractValidator(budgetLineInput, labels);
const measureOptions = budgetMeasures.map((value) => ({ value, label: budgetMeasureLabels[value] }));

export interface BudgetLineFormProps {
  /** The line to edit; absent to add one. */
  line?: BudgetLine;
  /** Client preselected when adding (the report's client filter). */
  clientId?: string;
  onClose: () => void;
}

/** The form's values of `line`, or those of a new line (for `clientId` when given). */
function valuesOf(line: BudgetLine | undefined, clientId: string | undefined): Values {
  return {
    clientId: line?.clientId ?? clientId ?? '',
    procCode: line?.procCode ?? '',
    svcModifierCd: line?.svcModifierCd ?? '',
    units: line?.units ?? '',
    measure: line?.measure ?? 'hours',
    term: line?.term ?? '',
    effectiveDate: line?.effectiveDate ?? '',
    expirationDate: line?.expirationDate ?? '',
  };
}

/** The fields of `body` that differ from `before`, but the client (a line keeps its client). */
function changedFields(body: ReturnType<typeof toBody>, before: ReturnType<typeof toBody>): BudgetLinePatch {
  const patch: BudgetLinePatch = {};
  for (const key of Object.keys(body) as (keyof typeof body)[]) {
    if (key !== 'clientId' && body[key] !== before[key]) Object.assign(patch, { [key]: body[key] });
  }
  return patch;
}

/**
 * The line form and its save: a new line is sent whole, an edit as the changed fields (none: the form
 * just closes). On success a notification and close; on failure the field errors land on their inputs
 * and the rest in `submitError`.
 */
function useBudgetLineForm({ line, clientId, onClose }: BudgetLineFormProps) {
  const save = useSaveBudgetLine();
  const [submitError, setSubmitError] = useState<unknown>(undefined);
  const initial = valuesOf(line, clientId);
  const form = useForm<Values>({ initialValues: initial, validate: (values) => validate(toBody(values)) });
  const submit = form.onSubmit((values) => {
    setSubmitError(undefined);
    const body = toBody(values);
    let request;
    if (line) {
      const patch = changedFields(body, toBody(initial));
      if (!Object.keys(patch).length) {
        onClose();
        return;
      }
      request = { id: line.id, values: patch };
    } else request = { values: { ...body, measure: body.measure as BudgetMeasure } };
    save.mutate(request, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: line ? 'Budget line saved' : 'Budget line added',
          message: `${saved.clientName ?? 'Client'}: ${saved.procCode}${saved.svcModifierCd ? ` + ${saved.svcModifierCd}` : ''}`,
        });
        onClose();
      },
      onError: (error) => {
        applyApiFieldErrors(form, error, labels);
        setSubmitError(error);
      },
    });
  });
  return { form, submit, saving: save.isPending, submitError };
}

/** See the module comment. Mounted only while open. */
export function BudgetLineForm(props: BudgetLineFormProps) {
  const { line, onClose } = props;
  const { form, submit, saving, submitError } = useBudgetLineForm(props);
  return (
    <Modal opened onClose={onClose} title={line ? 'Edit budget line' : 'Add budget line'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {line ? (
            <TextInput label="Client" value={line.clientName ?? 'Not linked to a client'} readOnly />
          ) : (
            <PersonSelect
              kind="clients"
              label="Client"
              placeholder="Search clients"
              value={form.values.clientId || undefined}
              onChange={(id) => form.setFieldValue('clientId', id ?? '')}
              error={form.errors.clientId as string | undefined}
              required
              w="100%"
            />
          )}
          <LineFields form={form} />
          {submitError ? <ApiErrorAlert error={submitError} title="The budget line was not saved" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {line ? 'Save' : 'Add line'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Procedure code and modifier, authorized units and measure, term, effective and expiration dates. */
function LineFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Procedure code"
          placeholder="e.g. OR526"
          required
          maxLength={20}
          {...form.getInputProps('procCode')}
        />
        <TextInput
          label="Modifier"
          placeholder="e.g. ZE"
          maxLength={10}
          {...form.getInputProps('svcModifierCd')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Authorized units"
          required
          min={0}
          decimalScale={2}
          thousandSeparator=","
          {...form.getInputProps('units')}
        />
        <Select
          label="Measure"
          required
          data={measureOptions}
          allowDeselect={false}
          {...form.getInputProps('measure')}
        />
      </Group>
      <TextInput
        label="Term"
        placeholder="e.g. plan year 2025"
        maxLength={100}
        {...form.getInputProps('term')}
      />
      <Group grow align="flex-start">
        <TextInput label="Effective date" type="date" required {...form.getInputProps('effectiveDate')} />
        <TextInput
          label="Expiration date"
          type="date"
          description="Empty: one plan year"
          {...form.getInputProps('expirationDate')}
        />
      </Group>
    </>
  );
}
