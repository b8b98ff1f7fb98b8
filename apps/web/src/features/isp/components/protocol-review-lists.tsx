/**
 * The structured parts of a protocol on the review page (issue 19 "Protocols as structured data"): thresholds as data
 * rows, each with a "Confirmed" checkbox (a person confirms every number before FINALIZED; the server refuses it
 * otherwise, naming `thresholds.<n>.confirmed`), and ordered lists (escalation steps, medication references) whose
 * items can be added, removed and moved.
 */
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  thresholdComparisons,
  thresholdWindowUnits,
  type ThresholdInput,
  type ThresholdComparison,
} from '@tend/contracts';

/** A threshold as the form edits it (window and time of day always present, null when unused). */
export type ThresholdDraft = Required<
  Pick<ThresholdInput, 'metric' | 'comparison' | 'value' | 'unit' | 'text'>
> & {
  window: { amount: number; unit: (typeof thresholdWindowUnits)[number] } | null;
  byTime: string | null;
  confirmed: boolean;
};

export const comparisonLabels: Record<ThresholdComparison, string> = {
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  eq: 'exactly',
  none: 'none (no occurrence)',
};

export function ThresholdRows({
  thresholds,
  onChange,
  disabled,
  errors,
}: {
  thresholds: ThresholdDraft[];
  onChange: (next: ThresholdDraft[]) => void;
  disabled: boolean;
  /** Messages by threshold index (from the server's `thresholds.<n>.…` field errors). */
  errors: ReadonlyMap<number, string>;
}) {
  const update = (index: number, patch: Partial<ThresholdDraft>) =>
    onChange(thresholds.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  if (thresholds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No thresholds were found in this protocol. Add one if the plan names a number to watch.
      </Text>
    );
  return (
    <Stack gap="xs">
      {thresholds.map((item, index) => (
        <ThresholdRow
          key={index}
          item={item}
          index={index}
          disabled={disabled}
          error={errors.get(index)}
          onPatch={(patch) => update(index, patch)}
          onRemove={() => onChange(thresholds.filter((_, at) => at !== index))}
        />
      ))}
    </Stack>
  );
}

interface ThresholdRowProps {
  item: ThresholdDraft;
  index: number;
  disabled: boolean;
  /** The server's message for this row, if it named it. */
  error: string | undefined;
  /** Merges a change into this row (every edit of a number also clears `confirmed`). */
  onPatch: (patch: Partial<ThresholdDraft>) => void;
  onRemove: () => void;
}

/** One threshold: the plan's words, its fields, "Confirmed against the plan" and remove. */
function ThresholdRow({ item, index, disabled, error, onPatch, onRemove }: ThresholdRowProps) {
  return (
    <Paper
      withBorder
      p="xs"
      role="group"
      aria-label={`Threshold ${index + 1}`}
      style={error !== undefined ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        {item.text && (
          <Text size="xs" c="dimmed">
            From the plan: “{item.text}”
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <ThresholdMeasureFields item={item} disabled={disabled} onPatch={onPatch} />
          <ThresholdWindowFields item={item} disabled={disabled} onPatch={onPatch} />
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label="Confirmed against the plan"
            disabled={disabled}
            checked={item.confirmed}
            onChange={(event) => onPatch({ confirmed: event.currentTarget.checked })}
            error={error}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove threshold ${index + 1}`}
            disabled={disabled}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}

type ThresholdFieldsProps = Pick<ThresholdRowProps, 'item' | 'disabled' | 'onPatch'>;

/** What is measured: metric, comparison, value and unit. */
function ThresholdMeasureFields({ item, disabled, onPatch }: ThresholdFieldsProps) {
  return (
    <>
      <TextInput
        label="Metric"
        size="xs"
        w={140}
        disabled={disabled}
        value={item.metric}
        onChange={(event) => onPatch({ metric: event.currentTarget.value, confirmed: false })}
      />
      <Select
        label="Comparison"
        size="xs"
        w={150}
        disabled={disabled}
        allowDeselect={false}
        data={thresholdComparisons.map((value) => ({ value, label: comparisonLabels[value] }))}
        value={item.comparison}
        onChange={(value) => value && onPatch({ comparison: value, confirmed: false })}
      />
      <NumberInput
        label="Value"
        size="xs"
        w={80}
        disabled={disabled}
        value={item.value}
        onChange={(value) =>
          onPatch({
            value: typeof value === 'number' ? value : Number(value) || 0,
            confirmed: false,
          })
        }
      />
      <TextInput
        label="Unit"
        size="xs"
        w={80}
        disabled={disabled}
        value={item.unit}
        onChange={(event) => onPatch({ unit: event.currentTarget.value, confirmed: false })}
      />
    </>
  );
}

/** When it counts: within how many days/hours/… and by what time of day. */
function ThresholdWindowFields({ item, disabled, onPatch }: ThresholdFieldsProps) {
  return (
    <>
      <NumberInput
        label="Within"
        size="xs"
        w={70}
        min={0}
        disabled={disabled}
        value={item.window?.amount ?? ''}
        onChange={(value) => {
          const amount = typeof value === 'number' ? value : Number(value);
          onPatch({
            window: amount > 0 ? { amount, unit: item.window?.unit ?? 'day' } : null,
            confirmed: false,
          });
        }}
      />
      <Select
        label="Window unit"
        size="xs"
        w={100}
        disabled={disabled || !item.window}
        allowDeselect={false}
        data={thresholdWindowUnits.map((value) => ({ value, label: `${value}s` }))}
        value={item.window?.unit ?? null}
        onChange={(value) =>
          item.window &&
          value &&
          onPatch({
            window: { amount: item.window.amount, unit: value as ThresholdDraft['window'] & string },
            confirmed: false,
          } as Partial<ThresholdDraft>)
        }
      />
      <TextInput
        label="By time"
        size="xs"
        w={100}
        type="time"
        disabled={disabled}
        value={item.byTime ?? ''}
        onChange={(event) => onPatch({ byTime: event.currentTarget.value || null, confirmed: false })}
      />
    </>
  );
}

/** A new, unconfirmed threshold row. */
export const emptyThreshold = (): ThresholdDraft => ({
  metric: '',
  comparison: 'gt',
  value: 0,
  unit: 'count',
  window: null,
  byTime: null,
  text: '',
  confirmed: false,
});

export function AddThresholdButton({ onAdd, disabled }: { onAdd: () => void; disabled: boolean }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconPlus size={14} />}
      disabled={disabled}
      onClick={onAdd}
    >
      Add threshold
    </Button>
  );
}

/** `items` with the one at `index` moved `by` one place (the caller keeps it inside the list). */
function moveItem(items: string[], index: number, by: -1 | 1): string[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item ?? '');
  return next;
}

/** An ordered list of short texts: each item editable, movable up/down, removable; "Add" appends one. */
export function OrderedTextList({
  label,
  itemLabel,
  items,
  onChange,
  disabled,
  ordered,
}: {
  label: string;
  itemLabel: string;
  items: string[];
  onChange: (next: string[]) => void;
  disabled: boolean;
  ordered: boolean;
}) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          None. Add one if the plan lists any.
        </Text>
      )}
      {items.map((item, index) => (
        <OrderedTextItem
          key={index}
          {...{ item, index, itemLabel, ordered, disabled }}
          last={index === items.length - 1}
          onEdit={(value) => onChange(items.map((current, at) => (at === index ? value : current)))}
          onMove={(by) => onChange(moveItem(items, index, by))}
          onRemove={() => onChange(items.filter((_, at) => at !== index))}
        />
      ))}
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconPlus size={14} />}
        disabled={disabled}
        onClick={() => onChange([...items, ''])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add {itemLabel.toLowerCase()}
      </Button>
    </Stack>
  );
}

/** One item of an `OrderedTextList`: its text, move up/down (when `ordered`) and remove. */
function OrderedTextItem({
  item,
  index,
  itemLabel,
  ordered,
  disabled,
  last,
  onEdit,
  onMove,
  onRemove,
}: {
  item: string;
  index: number;
  itemLabel: string;
  ordered: boolean;
  disabled: boolean;
  last: boolean;
  onEdit: (value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = `${itemLabel.toLowerCase()} ${index + 1}`;
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        size="xs"
        label={`${itemLabel} ${index + 1}`}
        disabled={disabled}
        value={item}
        onChange={(event) => onEdit(event.currentTarget.value)}
      />
      {ordered && (
        <>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${name} up`}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${name} down`}
            disabled={disabled || last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </>
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${name}`}
        disabled={disabled}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
