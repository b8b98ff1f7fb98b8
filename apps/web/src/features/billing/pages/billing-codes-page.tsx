/**
 * `/admin/billing/codes` (issue 6): the billing-code rules the admin keeps as data — which caregiver
 * types may bill each code + modifier, the rate per unit (shown as dollars with cents, stored as
 * integer cents) and the period it applies. Add, edit, delete; each change re-validates the segments
 * of the dates the rule covers (progress shown here). Code filter and page in the URL.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { billingCodeRuleListQuery, type BillingCodeRule, type BudgetMeasure } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
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

/** See the module comment. */
export function BillingCodesPage() {
  const { state: query, setState } = useUrlState(billingCodeRuleListQuery);
  const rules = useBillingRules(query);
  const [editing, setEditing] = useState<BillingCodeRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BillingCodeRule | null>(null);
  const [jobId, setJobId] = useState<string | undefined>(undefined);
  const data = rules.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      Add rule
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Billing codes</Title>
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
      <Group role="search" aria-label="Filter rules" align="flex-end">
        <TextInput
          label="Billing code"
          placeholder="Any code"
          value={query.billingCode ?? ''}
          onChange={(event) => setState({ billingCode: event.currentTarget.value || undefined })}
          maxLength={20}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      {rules.isError ? <ApiErrorAlert error={rules.error} title="The rules could not be loaded" /> : null}
      {rules.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading rules" />
        </Group>
      ) : data ? (
        data.items.length === 0 ? (
          <Alert
            variant="light"
            color="gray"
            title={query.billingCode ? 'No rule for this code' : 'No billing-code rules yet — add the first'}
          >
            <Text size="sm">
              Add a rule for each code your agency bills: until then every segment shows "No rate for the
              code" and is not ready.
            </Text>
            <Group mt="sm">{addButton}</Group>
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover withTableBorder aria-label="Billing-code rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Caregiver types</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{codeOf(rule)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {rule.description ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {rule.allowedCaregiverTypes.map((type) => (
                          <Badge key={type} variant="light" color="blue">
                            {caregiverTypeLabels[type]}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCents(rule.rateCents)} per {perUnit[rule.unitMeasure]}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {rule.effectiveDate} to {rule.expirationDate ?? 'open-ended'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing(rule)}
                          aria-label={`Edit ${codeOf(rule)} from ${rule.effectiveDate}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(rule)}
                          aria-label={`Delete ${codeOf(rule)} from ${rule.effectiveDate}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : null}
      {pages > 1 ? (
        <LabelledPagination
          label="Rules"
          total={pages}
          value={query.page}
          onChange={(page) => setState({ page })}
        />
      ) : null}
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
