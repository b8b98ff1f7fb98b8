/**
 * `/admin/misctools/isp/acknowledgements` (issue 19 "acknowledgement rates are visible per client"; decision 0046):
 * per client with a verified ISP, the caregivers serving them (a shift in the last 60 days), the current protocols,
 * acknowledged / expected caregiver × protocol pairs and the rate, and when requests were last sent. `?client=<id>`
 * opens one client: caregiver × protocol with when each was acknowledged, and "Send acknowledgement requests" with
 * its result (who got a link; who could not be reached, and why). Admin-only, English.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  ACKNOWLEDGEMENT_SERVING_DAYS,
  type AcknowledgementRate,
  type AcknowledgementRequestResult,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import {
  useAcknowledgementRates,
  useClientAcknowledgements,
  useSendAcknowledgementRequests,
} from '../api/acknowledgements.ts';

const PAGE = '/admin/misctools/isp/acknowledgements';

/** Buttons whose words wrap on a narrow screen instead of running out of it. */
const wrappingButton = {
  root: { height: 'auto', minHeight: 36, maxWidth: '100%' },
  label: { whiteSpace: 'normal' },
} as const;

const reasons: Record<AcknowledgementRequestResult['unreachable'][number]['reason'], string> = {
  'no-account': 'no caregiver account has their email: invite them as a caregiver with that email',
  'nothing-pending': 'nothing pending: every current protocol is acknowledged',
  'send-failed': 'the email could not be sent: try again later',
};

/** A rate as a bar and words ("3 of 4, 75%"), or "nothing expected". */
function Rate({
  acknowledged,
  expected,
  percent,
}: {
  acknowledged: number;
  expected: number;
  percent: number | null;
}) {
  if (percent === null) return <Text size="sm">Nothing expected</Text>;
  const words = `${acknowledged} of ${expected} (${percent}%)`;
  return (
    <Stack gap={4} miw={120}>
      <Progress
        value={percent}
        color={percent === 100 ? 'green' : 'blue'}
        aria-label={`Acknowledged: ${words}`}
      />
      <Text size="sm">{words}</Text>
    </Stack>
  );
}

/** What sending did: who got a link and who did not, with why. */
function SendResult({ result }: { result: AcknowledgementRequestResult }) {
  return (
    <Alert
      color={result.sent.length ? 'green' : 'yellow'}
      variant="light"
      role="status"
      title="Requests sent"
    >
      <Stack gap="xs">
        <Text size="sm">
          Sent to {result.sent.length} {result.sent.length === 1 ? 'caregiver' : 'caregivers'} (
          {result.clients} {result.clients === 1 ? 'client' : 'clients'}).
        </Text>
        {result.unreachable.length > 0 && (
          <>
            <Text size="sm">Not sent:</Text>
            <List size="sm">
              {result.unreachable.map((who) => (
                <List.Item key={`${who.clientId}:${who.caregiverId}`}>
                  {who.name}: {reasons[who.reason]}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** One client's caregiver × protocol grid with the send button. */
function ClientDetail({ clientId }: { clientId: string }) {
  const detail = useClientAcknowledgements(clientId);
  const send = useSendAcknowledgementRequests();
  if (detail.isPending) return <PageLoader />;
  if (detail.isError)
    return <ApiErrorAlert error={detail.error} hint="The client may have no verified ISP any more." />;
  const client = detail.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="client-detail">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} id="client-detail" size="h3" style={{ overflowWrap: 'anywhere' }}>
          {client.clientName}
        </Title>
        <Button
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => send.mutate(clientId)}
          loading={send.isPending}
          styles={wrappingButton}
        >
          Send acknowledgement requests
        </Button>
      </Group>
      <Rate acknowledged={client.acknowledged} expected={client.expected} percent={client.ratePercent} />
      {send.isError && <ApiErrorAlert error={send.error} />}
      {send.data && <SendResult result={send.data} />}
      {client.caregiverRows.length === 0 ? (
        <Alert variant="light">
          No caregiver had a shift for this client in the last {ACKNOWLEDGEMENT_SERVING_DAYS} days, so nobody
          is asked to acknowledge yet.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder>
            <Table.Caption>When each caregiver acknowledged each current protocol</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Caregiver</Table.Th>
                {client.currentProtocols.map((protocol) => (
                  <Table.Th scope="col" key={protocol.protocolId}>
                    {protocol.riskType} (v{protocol.version}){protocol.serious ? ', serious' : ''}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {client.caregiverRows.map((row) => (
                <Table.Tr key={row.caregiverId}>
                  <Table.Th scope="row">
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Last shift {row.lastShiftDate}
                      {row.hasAccount ? '' : '; no caregiver account'}
                    </Text>
                  </Table.Th>
                  {row.acknowledgedAt.map((at, index) => (
                    <Table.Td key={client.currentProtocols[index]?.protocolId ?? index}>
                      {at ? (
                        <Text size="sm">{formatExactTime(at)}</Text>
                      ) : (
                        <Badge color="orange" variant="light">
                          Pending
                        </Badge>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Every client's rate, each client's name opening its detail (`aria-current` on the open one). */
function RatesTable({
  items,
  openClientId,
}: {
  items: readonly AcknowledgementRate[];
  openClientId: string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption>Acknowledgement rate per client</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Client</Table.Th>
            <Table.Th scope="col">Caregivers serving</Table.Th>
            <Table.Th scope="col">Current protocols</Table.Th>
            <Table.Th scope="col">Acknowledged</Table.Th>
            <Table.Th scope="col">Last sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.clientId} aria-current={item.clientId === openClientId ? 'true' : undefined}>
              <Table.Th scope="row">
                <Anchor component={Link} to={`${PAGE}?client=${item.clientId}`}>
                  {item.clientName}
                </Anchor>
              </Table.Th>
              <Table.Td>{item.caregivers}</Table.Td>
              <Table.Td>{item.protocols}</Table.Td>
              <Table.Td>
                <Rate acknowledged={item.acknowledged} expected={item.expected} percent={item.ratePercent} />
              </Table.Td>
              <Table.Td>{item.lastSentAt ? formatExactTime(item.lastSentAt) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** See the module comment. */
export function AcknowledgementRatesPage() {
  const [searchParams] = useSearchParams();
  const clientId = searchParams.get('client');
  const rates = useAcknowledgementRates();
  const sendAll = useSendAcknowledgementRequests();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Protocol acknowledgements
        </Title>
        <Text c="dimmed">
          Caregivers with a shift for a client in the last {ACKNOWLEDGEMENT_SERVING_DAYS} days acknowledge the
          current version of each finalized protocol of the client&apos;s latest verified ISP. A new version
          needs a new acknowledgement.
        </Text>
      </div>
      {rates.isPending ? (
        <PageLoader />
      ) : rates.isError ? (
        <ApiErrorAlert error={rates.error} />
      ) : rates.data.items.length === 0 ? (
        <Alert variant="light" title="No verified ISP yet">
          Rates appear once a client&apos;s ISP is verified.{' '}
          <Anchor component={Link} to="/admin/misctools/isp/upload">
            Upload an ISP
          </Anchor>
          , review its protocols on /verify, and verify it.
        </Alert>
      ) : (
        <>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() => sendAll.mutate(null)}
              loading={sendAll.isPending}
              styles={wrappingButton}
            >
              Send requests for every client
            </Button>
          </Group>
          {sendAll.isError && <ApiErrorAlert error={sendAll.error} />}
          {sendAll.data && <SendResult result={sendAll.data} />}
          <RatesTable items={rates.data.items} openClientId={clientId} />
          {clientId ? (
            <ClientDetail key={clientId} clientId={clientId} />
          ) : (
            <Text size="sm" c="dimmed">
              Open a client to see each caregiver&apos;s acknowledgements and send them requests.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
