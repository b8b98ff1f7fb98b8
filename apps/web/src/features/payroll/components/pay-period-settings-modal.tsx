/**
 * Pay-period settings (issue 6 "pay periods (configurable: weekly or bi-weekly, start day)"):
 * weekly or biweekly, and the first day of any one period (its weekday must be the workweek start, so
 * overtime stays per FLSA workweek; the API names the field when it is not). Errors stay in the dialog.
 */
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PayPeriodFrequency, PayPeriodSettings } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import { useSavePayPeriodSettings } from '../api/payroll.ts';
import { formatDay } from '../../../lib/format/index.ts';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface PayPeriodSettingsModalProps {
  settings: PayPeriodSettings;
  onClose: () => void;
  /** Called with the period start to show after saving (the current period under the new setting). */
  onSaved: (periodStart: string | undefined) => void;
}

/** See the module comment. Mounted only while open. */
export function PayPeriodSettingsModal({ settings, onClose, onSaved }: PayPeriodSettingsModalProps) {
  const [frequency, setFrequency] = useState<PayPeriodFrequency>(settings.frequency);
  const [anchorDate, setAnchorDate] = useState(settings.anchorDate);
  const save = useSavePayPeriodSettings();
  const anchorError =
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((e) => e.path === 'anchorDate')?.message
      : undefined;

  const submit = () => saveSettings(save, { frequency, anchorDate }, onSaved, onClose);

  return (
    <Modal opened onClose={onClose} title="Pay period settings" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        aria-label="Pay period settings"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Pay periods start on a {capitalize(settings.workweekStart)} at midnight ({settings.timeZone}), the
            first day of the FLSA workweek, so overtime is counted per workweek inside each period.
            {settings.isDefault ? ' Not set yet: the default is biweekly.' : ''}
          </Text>
          <PayFrequencyField value={frequency} onChange={setFrequency} />
          <TextInput
            type="date"
            label="First day of a pay period"
            description={`Any period's first day (a ${capitalize(settings.workweekStart)}); periods repeat from it.`}
            value={anchorDate}
            onChange={(event) => {
              setAnchorDate(event.currentTarget.value);
              save.reset();
            }}
            error={anchorError ? labelMessage(anchorError, 'First day') : undefined}
            required
          />
          {save.error && !anchorError ? (
            <ApiErrorAlert error={save.error} title="The pay period was not saved" />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save pay period
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Saves the settings; on success a toast, then the current period under them is shown and the dialog closes. */
function saveSettings(
  save: ReturnType<typeof useSavePayPeriodSettings>,
  input: { frequency: PayPeriodFrequency; anchorDate: string },
  onSaved: PayPeriodSettingsModalProps['onSaved'],
  onClose: () => void,
) {
  save.mutate(input, {
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        title: 'Pay period saved',
        message: `${capitalize(saved.frequency)}, periods starting ${formatDay(saved.anchorDate)}`,
      });
      onSaved(saved.recentPeriods[0]?.start);
      onClose();
    },
  });
}

/** Weekly or every two weeks, labelled "How often caregivers are paid". */
function PayFrequencyField({
  value,
  onChange,
}: {
  value: PayPeriodFrequency;
  onChange: (frequency: PayPeriodFrequency) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} id="pay-frequency-label" mb={4}>
        How often caregivers are paid
      </Text>
      <SegmentedControl
        aria-labelledby="pay-frequency-label"
        value={value}
        onChange={(next) => onChange(next)}
        data={[
          { value: 'weekly', label: 'Weekly' },
          { value: 'biweekly', label: 'Every two weeks' },
        ]}
      />
    </div>
  );
}
