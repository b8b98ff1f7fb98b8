/**
 * One campaign (docs/campaigns.md): status, a progress bar with the live counts while it sends (polled), cancel,
 * and the recipients table with each one's status, error and time sent.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import type { EmailCampaign, EmailCampaignStatus, EmailRecipientStatus } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import { isActive, useCampaign, useCampaignRecipients, useCancelCampaign } from '../api/campaigns.ts';

export const campaignStatusColors: Record<EmailCampaignStatus, string> = {
  PENDING: 'gray',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
};
const recipientColors: Record<EmailRecipientStatus, string> = {
  PENDING: 'gray',
  SENT: 'green',
  FAILED: 'red',
  SKIPPED: 'yellow',
};

/** "3 sent · 1 failed · 2 skipped · 4 waiting". */
export function countsText(campaign: EmailCampaign): string {
  return [
    `${campaign.sentCount} sent`,
    `${campaign.failedCount} failed`,
    `${campaign.skippedCount} skipped`,
    `${campaign.pendingCount} ${campaign.status === 'CANCELLED' ? 'not sent (cancelled)' : 'waiting'}`,
  ].join(' · ');
}

/** The progress bar (sent, failed, skipped as sections) with the counts in words. */
function CampaignProgress({ campaign }: { campaign: EmailCampaign }) {
  const total = Math.max(1, campaign.totalRecipients);
  const done = campaign.totalRecipients - campaign.pendingCount;
  const share = (count: number) => (count / total) * 100;
  const sections = [
    { label: 'Sent', count: campaign.sentCount, color: 'green' },
    { label: 'Failed', count: campaign.failedCount, color: 'red' },
    { label: 'Skipped', count: campaign.skippedCount, color: 'yellow' },
  ];
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        {sections
          .filter((section) => section.count > 0)
          .map((section) => (
            <Progress.Section
              key={section.label}
              value={share(section.count)}
              color={section.color}
              aria-label={`${section.label}: ${section.count} of ${campaign.totalRecipients}`}
            />
          ))}
      </Progress.Root>
      <Text size="sm" role="status" aria-live="polite">
        {done} of {campaign.totalRecipients} handled: {countsText(campaign)}
      </Text>
    </Stack>
  );
}

/** The recipients table. */
function Recipients({ campaign }: { campaign: EmailCampaign }) {
  const recipients = useCampaignRecipients(campaign);
  if (recipients.isPending) return <PageLoader />;
  if (recipients.isError) return <ApiErrorAlert error={recipients.error} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Caption>Recipients: failed first, then waiting, skipped and sent</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Case manager</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Why / when</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.data.items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={500}>
                {row.name ?? 'Removed case manager'}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{row.email || 'None on record'}</Table.Td>
              <Table.Td>
                <Badge
                  color={recipientColors[row.status]}
                  variant="light"
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {row.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {row.error ?? (row.sentAt ? `Sent ${formatExactTime(row.sentAt)}` : '')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** See the module comment. */
export function CampaignDetail({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  const cancel = useCancelCampaign();
  if (campaign.isPending) return <PageLoader />;
  if (campaign.isError)
    return <ApiErrorAlert error={campaign.error} hint="The campaign may have been removed." />;
  const data = campaign.data;
  const active = isActive(data);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-detail">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id="campaign-detail" style={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Title>
            <Badge color={campaignStatusColors[data.status]} data-testid="campaign-status">
              {data.status}
            </Badge>
          </Group>
          {active && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              loading={cancel.isPending}
              onClick={() => cancel.mutate(campaignId)}
            >
              Cancel sending
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Subject “{data.subject}”; created {formatExactTime(data.createdAt)}
          {data.createdByEmail ? ` by ${data.createdByEmail}` : ''}.
        </Text>
        {cancel.isError && <ApiErrorAlert error={cancel.error} />}
        <CampaignProgress campaign={data} />
        {data.status === 'FAILED' && (
          <Alert color="red" variant="light">
            No email could be sent. The recipients below say why; check the mail server settings and the
            outbox.
          </Alert>
        )}
        <Recipients campaign={data} />
      </Stack>
    </Paper>
  );
}
