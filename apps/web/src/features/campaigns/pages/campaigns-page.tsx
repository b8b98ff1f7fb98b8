/**
 * `/admin/case-manager-email-campaign` (issue 20 "Campaigns"; spec s.1; docs/campaigns.md): compose a campaign to
 * case managers with a live preview, choose recipients (all active, by county, or picked), send it with a
 * confirmation, follow it (`?campaign=<id>`: progress bar with live counts, recipients with status and error,
 * cancel), and the list of past campaigns. Admin only (the route's guard; the API is admin-only), English.
 */
import { Alert, Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { EmailCampaign } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import { useCampaigns } from '../api/campaigns.ts';
import { CampaignDetail, campaignStatusColors, countsText } from '../components/campaign-detail.tsx';
import { ComposeCampaign } from '../components/compose-campaign.tsx';

const PAGE = '/admin/case-manager-email-campaign';

/** Past campaigns, newest first; a name opens the campaign. */
function PastCampaigns({ items, openId }: { items: readonly EmailCampaign[]; openId: string | null }) {
  if (!items.length) {
    return (
      <Alert variant="light" title="No campaigns yet">
        Compose one above: it appears here with its progress once sent.
      </Alert>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption>Campaigns, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Campaign</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Recipients</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} aria-current={item.id === openId ? 'true' : undefined}>
              <Table.Th scope="row">
                <Anchor component={Link} to={`${PAGE}?campaign=${item.id}`}>
                  {item.name}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <Badge color={campaignStatusColors[item.status]} variant="light">
                  {item.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {item.totalRecipients}: {countsText(item)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatExactTime(item.createdAt)}</Text>
                {item.createdByEmail && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {item.createdByEmail}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** See the module comment. */
export function CampaignsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const openId = searchParams.get('campaign');
  const campaigns = useCampaigns();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Case-manager campaigns
        </Title>
        <Text c="dimmed">
          Email case managers a message with a personal link to their dashboard (their own caseload only).
          Links work once to start a session and expire; recipients can ask for a new one from the link&apos;s
          page.
        </Text>
      </div>
      {openId && <CampaignDetail key={openId} campaignId={openId} />}
      <ComposeCampaign onSent={(id) => void navigate(`${PAGE}?campaign=${id}`)} />
      <Stack gap="xs" component="section" aria-labelledby="past-campaigns">
        <Title order={2} size="h4" id="past-campaigns">
          Campaigns
        </Title>
        {campaigns.isPending ? (
          <PageLoader />
        ) : campaigns.isError ? (
          <ApiErrorAlert error={campaigns.error} />
        ) : (
          <PastCampaigns items={campaigns.data.items} openId={openId} />
        )}
      </Stack>
    </Stack>
  );
}
