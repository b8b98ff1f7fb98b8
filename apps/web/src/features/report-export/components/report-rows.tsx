/**
 * The reports of one export request: each a type (with its one-line description), its clients or caregivers, and a
 * format; reports can be added (up to REPORT_EXPORT_MAX_REPORTS) and removed.
 */
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  REPORT_EXPORT_MAX_REPORTS,
  reportExportTypeInfo,
  reportExportTypes,
  type ReportExportType,
  type ReportFormat,
} from '@tend/contracts';
import { SubjectPicker, type Subject } from './subject-picker.tsx';

/** One report being composed. */
export interface ReportRow {
  key: number;
  type: ReportExportType;
  subjects: Subject[];
  format: ReportFormat;
}

const formatOptions = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'XLSX' },
  { value: 'pdf', label: 'PDF' },
];
const typeOptions = reportExportTypes.map((type) => ({
  value: type,
  label: reportExportTypeInfo[type].title,
}));

let nextKey = 1;
/** A new report row (caregiver hours as XLSX, nobody picked yet). */
export const newReportRow = (type: ReportExportType = 'caregiver-hours'): ReportRow => ({
  key: nextKey++,
  type,
  subjects: [],
  format: 'xlsx',
});

interface ReportRowsProps {
  rows: ReportRow[];
  onChange: (rows: ReportRow[]) => void;
  /** Field errors of the API, by report index (`reports.<i>.…`). */
  errors: Record<number, string>;
}

/** See the module comment. */
export function ReportRows({ rows, onChange, errors }: ReportRowsProps) {
  const patch = (key: number, change: Partial<ReportRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" component="fieldset" aria-label={`Report ${index + 1}`}>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Select
                label={`Report ${index + 1} type`}
                data={typeOptions}
                value={row.type}
                allowDeselect={false}
                onChange={(value) => {
                  if (!value) return;
                  const type = value;
                  const sameKind =
                    reportExportTypeInfo[type].subject === reportExportTypeInfo[row.type].subject;
                  patch(row.key, { type, subjects: sameKind ? row.subjects : [] });
                }}
                w={{ base: '100%', sm: 260 }}
              />
              <Stack gap={4}>
                <Input.Label id={`format-${row.key}`}>Format</Input.Label>
                <SegmentedControl
                  aria-labelledby={`format-${row.key}`}
                  data={formatOptions}
                  value={row.format}
                  onChange={(value) => patch(row.key, { format: value as ReportFormat })}
                />
              </Stack>
              {rows.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove report ${index + 1}`}
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {reportExportTypeInfo[row.type].description}
            </Text>
            <SubjectPicker
              kind={reportExportTypeInfo[row.type].subject}
              value={row.subjects}
              onChange={(subjects) => patch(row.key, { subjects })}
              error={errors[index]}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...rows, newReportRow('budget-use')])}
          disabled={rows.length >= REPORT_EXPORT_MAX_REPORTS}
        >
          Add another report
        </Button>
      </Group>
    </Stack>
  );
}
