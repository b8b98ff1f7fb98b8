/**
 * "Report" (issue 21 "a 'Report' action on every profile and thread, reviewed by admins"; decision 0057): a button
 * that opens a dialog with the reasons (fake profile, asks for money, contact details before agreeing, inappropriate,
 * safety concern, other) and optional details, and files `POST /api/matchmaking/reports`. Other pages put it on every
 * profile and thread with the reported `targetType` and `targetId`.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  REPORT_DETAILS_MAX_CHARS,
  reportReasons,
  type ReportReason,
  type ReportTargetType,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useFileReport } from '../api/reports.ts';

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Button size (default `sm`). */
  size?: 'xs' | 'sm' | 'md';
  /** Whom the report is about, as shown ("Rosa D."): names the button when several are on one page. */
  name?: string;
}

/** The dialog's form: the reasons, the details, and the answer once sent. */
function ReportForm({ targetType, targetId, onClose }: ReportButtonProps & { onClose: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const file = useFileReport();
  const submit = () => {
    if (!reason) {
      setMissingReason(true);
      return;
    }
    file.mutate({ targetType, targetId, reason, details: details.trim() || null });
  };
  if (file.isSuccess)
    return (
      <Stack>
        <Alert
          color="green"
          variant="light"
          role="status"
          title={intl.formatMessage({ id: 'matchmaking.report.sentTitle' })}
        >
          <FormattedMessage
            id={file.data.addedToOpen ? 'matchmaking.report.added' : 'matchmaking.report.sent'}
          />
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <FormattedMessage id="matchmaking.report.close" />
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack>
      <Radio.Group
        label={intl.formatMessage({ id: 'matchmaking.report.reason' })}
        value={reason ?? ''}
        onChange={(value) => {
          setReason(value as ReportReason);
          setMissingReason(false);
        }}
        error={missingReason ? intl.formatMessage({ id: 'matchmaking.report.reasonRequired' }) : undefined}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {reportReasons.map((value) => (
            <Radio
              key={value}
              value={value}
              label={intl.formatMessage({ id: `matchmaking.report.reasons.${value}` })}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label={intl.formatMessage({ id: 'matchmaking.report.details' })}
        description={intl.formatMessage({ id: 'matchmaking.report.detailsHint' })}
        value={details}
        onChange={(event) => setDetails(event.currentTarget.value)}
        maxLength={REPORT_DETAILS_MAX_CHARS}
        autosize
        minRows={3}
      />
      {file.error && (
        <ApiErrorAlert error={file.error} title={intl.formatMessage({ id: 'matchmaking.report.failed' })} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <FormattedMessage id="matchmaking.report.cancel" />
        </Button>
        <Button color="red" onClick={submit} loading={file.isPending}>
          <FormattedMessage id="matchmaking.report.submit" />
        </Button>
      </Group>
    </Stack>
  );
}

export function ReportButton({ targetType, targetId, size = 'sm', name }: ReportButtonProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size={size}
        leftSection={<IconFlag size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={name ? intl.formatMessage({ id: 'matchmaking.report.buttonFor' }, { name }) : undefined}
      >
        <FormattedMessage id="matchmaking.report.button" />
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={intl.formatMessage({ id: 'matchmaking.report.title' })}
        size="md"
      >
        {opened && (
          <ReportForm targetType={targetType} targetId={targetId} onClose={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}
