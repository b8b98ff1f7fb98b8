/**
 * `/admin/billing/codes` (issue 6): the billing-code rules the admin keeps as data — which caregiver
 * types may bill each code + modifier, the rate per unit (shown as dollars with cents, stored as
 * integer cents) and the period it applies. Add, edit, delete; each change re-validates the segments
 * of the dates the rule covers (progress shown here). Code filter and page in the URL.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { billingCodeRuleListQuery, type BillingCodeRule, type BudgetMeasure } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { useBillingRules, useDeleteBillingRule } from '../api/billing.ts';
import { BillingRuleForm, caregiverTypeLabels } from '../components/billing-rule-form.tsx';
import { ValidationProgress } from '../../../components/validation/validation-progress.tsx';
import { formatCents } from '../../../lib/format/index.ts';

const perUnit: Record<BudgetMeasure, string> = {
  hours: 'hour',
  units_15min: '15-minute unit',
  days: 'day',
  miles: 'mile',
};
const codeOf = (rule: BillingCodeRule) => `${rule.billingCode}${rule.modifier ? ` + ${rule.modifier}` : ''}`;

function DeleteRule({
  rule,
  onClose,
  onDeleted,
}: {
  rule: BillingCodeRule;
  onClose: () => void;
  onDeleted: (jobId: string) => void;
}) {
  const remove = useDeleteBillingRule();
  return (
    <Modal opened onClose={onClose} title="Delete billing-code rule">
      <Stack gap="sm">
        <Text size="sm">
          Delete the rule for {codeOf(rule)} from {rule.effectiveDate}? Segments of those dates will have no
          rate and become not ready.
        </Text>
        {remove.error ? <ApiErrorAlert error={remove.error} title="The rule was not deleted" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(rule.id, {
                onSuccess: ({ job }) => {
                  notifications.show({ color: 'green', title: 'Rule deleted', message: codeOf(rule) });
                  onDeleted(job.id);
                  onClose();
                },
              })
            }
          >
            Delete rule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const noWrap = { whiteSpace: 'nowrap' } as const;
const column = createColumnHelper<BillingCodeRule>();

/** The rules table's columns; the actions open the edit form and the delete dialog. */
function ruleColumns(onEdit: (rule: BillingCodeRule) => void, onDelete: (rule: BillingCodeRule) => void) {
  return [
    column.accessor('billingCode', {
      header: 'Code',
      cell: ({ row }) => <span style={noWrap}>{codeOf(row.original)}</span>,
    }),
    column.accessor('description', {
      header: 'Description',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2}>
          {row.original.description ?? '—'}
        </Text>
      ),
    }),
    column.accessor('allowedCaregiverTypes', {
      header: 'Caregiver types',
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.allowedCaregiverTypes.map((type) => (
            <Badge key={type} variant="light" color="blue">
              {caregiverTypeLabels[type]}
            </Badge>
          ))}
        </Group>
      ),
    }),
    column.accessor('rateCents', {
      header: 'Rate',
      cell: ({ row: { original: rule } }) => (
        <span style={noWrap}>
          {formatCents(rule.rateCents)} per {perUnit[rule.unitMeasure]}
        </span>
      ),
    }),
    column.accessor('effectiveDate', {
      header: 'Period',
      cell: ({ row: { original: rule } }) => (
        <span style={noWrap}>
          {rule.effectiveDate} to {rule.expirationDate ?? 'open-ended'}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row: { original: rule } }) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onEdit(rule)}
            aria-label={`Edit ${codeOf(rule)} from ${rule.effectiveDate}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onDelete(rule)}
            aria-label={`Delete ${codeOf(rule)} from ${rule.effectiveDate}`}
          >
            Delete
          </Button>
        </Group>
      ),
    }),
  ];
}

/** See the module comment. */
export function BillingCodesPage() {
  const list = useListPage({ schema: billingCodeRuleListQuery, useList: useBillingRules });
  const { query, setQuery: setState } = list;
  const [editing, setEditing] = useState<BillingCodeRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BillingCodeRule | null>(null);
  const [jobId, setJobId] = useState<string | undefined>(undefined);
  const columns = useMemo(() => ruleColumns(setEditing, setDeleting), []);
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      Add rule
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Billing codes
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Which caregiver types may bill each procedure code and modifier, and the rate per unit, for a
            period. Segments billed under a code without a rule, or by a caregiver type the rule does not
            allow, are not ready.
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/billing/segments" variant="default">
            Segments and validation
          </Button>
          {addButton}
        </Group>
      </Group>
      {jobId ? <ValidationProgress jobId={jobId} onClose={() => setJobId(undefined)} /> : null}
      <ListPage
        list={list}
        filterLabel="Filter rules"
        filters={
          <TextInput
            label="Billing code"
            placeholder="Any code"
            value={query.billingCode ?? ''}
            onChange={(event) => setState({ billingCode: event.currentTarget.value || undefined })}
            maxLength={20}
            w={{ base: '100%', sm: 200 }}
          />
        }
        label="Billing-code rules"
        noun={{ one: 'rule', other: 'rules' }}
        columns={columns}
        noMatch={{
          title: 'No rule for this code',
          description: 'Clear the filter to see every rule, or add a rule for this code.',
        }}
        empty={{
          title: 'No billing-code rules yet — add the first',
          description:
            'Add a rule for each code your agency bills: until then every segment shows "No rate for the code" and is not ready.',
          action: addButton,
        }}
      />
      {editing ? (
        <BillingRuleForm
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={setJobId}
        />
      ) : null}
      {deleting ? (
        <DeleteRule rule={deleting} onClose={() => setDeleting(null)} onDeleted={setJobId} />
      ) : null}
    </Stack>
  );
}
