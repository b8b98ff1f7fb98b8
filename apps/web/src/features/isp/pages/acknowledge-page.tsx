/**
 * `/acknowledge` (issue 19; decision 0046): the signed-in caregiver reads the current protocols of the clients they
 * serve and acknowledges each ("I have read and understand this protocol"). `?request=<token>` (the link an admin's
 * request sent) shows only that link's client; a link sent to someone else, or expired, shows that it does not open
 * here and offers the full list. Each protocol shows its included sections as written in the plan, serious risks
 * first, thresholds as sentences in the page's language, and when it was acknowledged. English and Spanish.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { AcknowledgementClient, AcknowledgementProtocol } from '@tend/contracts';
import { isLocale } from '@tend/contracts/locale';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../i18n/dates.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useAcknowledgeProtocol, useMyAcknowledgements } from '../api/acknowledgements.ts';

const sectionIds = {
  description: 'isp.ack.description',
  prevention: 'isp.ack.prevention',
  response: 'isp.ack.response',
  emergency: 'isp.ack.emergency',
} as const;

/** One protocol: its sections as written, thresholds, steps, medications, and the acknowledge button or when. */
function ProtocolCard({ protocol }: { protocol: AcknowledgementProtocol }) {
  const acknowledge = useAcknowledgeProtocol();
  const headingId = `protocol-${protocol.protocolId}`;
  const sections = (Object.keys(sectionIds) as (keyof typeof sectionIds)[]).filter(
    (key) => protocol.sections[key],
  );
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <ProtocolHeading protocol={protocol} headingId={headingId} />
        {sections.map((key) => (
          <div key={key}>
            <Title order={4} size="h6">
              <FormattedMessage id={sectionIds[key]} />
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{protocol.sections[key]}</Text>
          </div>
        ))}
        <ProtocolList titleId="isp.ack.thresholds" items={protocol.thresholds} />
        <ProtocolList titleId="isp.ack.steps" items={protocol.escalationSteps} ordered />
        <ProtocolList titleId="isp.ack.medications" items={protocol.medicationReferences} />
        <AcknowledgeAction protocol={protocol} acknowledge={acknowledge} />
      </Stack>
    </Card>
  );
}

/** The risk as the card's heading, with its serious, MAR, PBSP and version badges. */
function ProtocolHeading({ protocol, headingId }: { protocol: AcknowledgementProtocol; headingId: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Title order={3} id={headingId} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {protocol.riskType}
      </Title>
      {protocol.serious && (
        <Badge color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          <FormattedMessage id="isp.ack.serious" />
        </Badge>
      )}
      {protocol.mar && <Badge variant="outline">MAR</Badge>}
      {protocol.pbsp && <Badge variant="outline">PBSP</Badge>}
      <Badge variant="light" color="gray">
        <FormattedMessage id="isp.ack.version" values={{ version: protocol.version }} />
      </Badge>
    </Group>
  );
}

/** A titled list of the protocol's sentences (thresholds, steps in order, medications); nothing when empty. */
function ProtocolList({
  titleId,
  items,
  ordered = false,
}: {
  titleId: string;
  items: readonly string[];
  ordered?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <Title order={4} size="h6">
        <FormattedMessage id={titleId} />
      </Title>
      <List type={ordered ? 'ordered' : 'unordered'}>
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** When the protocol was acknowledged, or the button that acknowledges it (and why it failed). */
function AcknowledgeAction({
  protocol,
  acknowledge,
}: {
  protocol: AcknowledgementProtocol;
  acknowledge: ReturnType<typeof useAcknowledgeProtocol>;
}) {
  const intl = useIntl();
  const dates = useDates();
  if (protocol.acknowledgedAt) {
    return (
      <Group gap="xs" role="status" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="sm" aria-hidden>
          <IconCircleCheck size={14} />
        </ThemeIcon>
        <Text size="sm" c="green.9" fw={500}>
          <FormattedMessage
            id="isp.ack.acknowledgedAt"
            values={{ when: dates.dateTime(protocol.acknowledgedAt) }}
          />
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      {acknowledge.isError && (
        <Alert color="red" role="alert" variant="light">
          <FormattedMessage id="isp.ack.error" />
        </Alert>
      )}
      <Button
        onClick={() => acknowledge.mutate(protocol.protocolId)}
        loading={acknowledge.isPending}
        aria-label={intl.formatMessage({ id: 'isp.ack.confirmLabel' }, { risk: protocol.riskType })}
        styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal' } }}
      >
        <FormattedMessage id="isp.ack.confirm" />
      </Button>
    </Stack>
  );
}

/** One client: their name, how many are pending, and each protocol. */
function ClientSection({ client }: { client: AcknowledgementClient }) {
  const headingId = `client-${client.clientId}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group gap="sm" wrap="wrap">
        <Title order={2} id={headingId} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {client.clientName}
        </Title>
        <Badge color={client.pending ? 'orange' : 'green'} variant="light">
          <FormattedMessage id="isp.ack.clientPending" values={{ count: client.pending }} />
        </Badge>
      </Group>
      {client.protocols.map((protocol) => (
        <ProtocolCard key={protocol.protocolId} protocol={protocol} />
      ))}
    </Stack>
  );
}

export function AcknowledgePage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const request = searchParams.get('request');
  const locale = isLocale(intl.locale) ? intl.locale : 'en';
  const mine = useMyAcknowledgements(request, locale);
  const linkRefused =
    mine.error instanceof ApiError && (mine.error.status === 404 || mine.error.status === 400);
  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={1}>
          <FormattedMessage id="isp.ack.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="isp.ack.intro" />
        </Text>
      </div>
      {mine.isPending ? (
        <PageLoader />
      ) : linkRefused ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLinkOff aria-hidden />}
          title={intl.formatMessage({ id: 'isp.ack.linkNotFound' })}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id="isp.ack.linkNotFoundText" />
            </Text>
            <Anchor component={Link} to="/acknowledge">
              <FormattedMessage id="isp.ack.showAll" />
            </Anchor>
          </Stack>
        </Alert>
      ) : mine.isError ? (
        <Alert color="red" variant="light" role="alert">
          <FormattedMessage id="isp.ack.loadError" />
        </Alert>
      ) : mine.data.clients.length === 0 ? (
        <Alert variant="light" title={intl.formatMessage({ id: 'isp.ack.empty' })}>
          <FormattedMessage id="isp.ack.emptyText" />
        </Alert>
      ) : (
        <>
          <Text fw={500} role="status">
            <FormattedMessage id="isp.ack.pendingTotal" values={{ count: mine.data.pending }} />
          </Text>
          {request && (
            <Anchor component={Link} to="/acknowledge">
              <FormattedMessage id="isp.ack.showAll" />
            </Anchor>
          )}
          {mine.data.clients.map((client) => (
            <ClientSection key={client.clientId} client={client} />
          ))}
        </>
      )}
    </Stack>
  );
}
