/**
 * `/dashboard/case-manager/:caseManagerId` (issue 20; docs/dashboards.md "Case manager"): the first questions as
 * cards, open incidents with deadlines, and the clients (searchable); `?client=<id>` shows one client's detail
 * (budget chart and table, recent shifts, incidents, location findings, protocols, summaries and reports). An id
 * outside the caller's scope, or unknown, shows the dashboard not-found guidance (the same for both).
 */
import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { isLocale } from '@tend/contracts/locale';
import { ApiError } from '../../../lib/api-client.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useCaseManagerClient, useCaseManagerDashboard } from '../api/case-manager.ts';
import { CaseManagerBudget } from '../components/case-manager-budget.tsx';
import {
  CaseManagerLocations,
  CaseManagerProtocols,
  CaseManagerShifts,
  CaseManagerSummaries,
} from '../components/case-manager-client-sections.tsx';
import { CaseManagerClients, CaseManagerIspBadge } from '../components/case-manager-clients.tsx';
import { CaseManagerFirstQuestions } from '../components/case-manager-first-questions.tsx';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { CaseManagerIncidents } from '../components/case-manager-incidents.tsx';
import { CaseManagerMatchAuthorizations } from '../components/case-manager-match-authorizations.tsx';
import { DashboardNotFoundContent } from './dashboard-not-found-page.tsx';

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function Section({ id, titleId, children }: { id: string; titleId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        <FormattedMessage id={titleId} />
      </Title>
      {children}
    </Card>
  );
}

function ClientDetail({
  caseManagerId,
  clientId,
  back,
}: {
  caseManagerId: string;
  clientId: string;
  back: string;
}) {
  const intl = useIntl();
  const locale = isLocale(intl.locale) ? intl.locale : 'en';
  const detail = useCaseManagerClient(caseManagerId, clientId, locale);
  if (detail.isPending) return <PageLoader />;
  if (isNotFound(detail.error)) return <DashboardNotFoundContent />;
  if (detail.isError) return <LoadError />;
  const data = detail.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back}>
        <IconArrowLeft size={14} aria-hidden /> <FormattedMessage id="dashboards.caseManager.backToClients" />
      </Anchor>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {data.status.clientName}
      </Title>
      <div>
        <CaseManagerIspBadge status={data.status} />
      </div>
      <Section id="budget" titleId="dashboards.caseManager.budget.title">
        <CaseManagerBudget budget={data.budget} />
      </Section>
      <Section id="incidents" titleId="dashboards.caseManager.incidents.title">
        <CaseManagerIncidents incidents={data.incidents} showClient={false} />
      </Section>
      <Section id="shifts" titleId="dashboards.caseManager.shifts.title">
        <CaseManagerShifts shifts={data.shifts} />
      </Section>
      <Section id="locations" titleId="dashboards.caseManager.locations.title">
        <CaseManagerLocations locations={data.locations} />
      </Section>
      <Section id="protocols" titleId="dashboards.caseManager.protocols.title">
        <CaseManagerProtocols protocols={data.protocols} />
      </Section>
      <Section id="summaries" titleId="dashboards.caseManager.summaries.title">
        <CaseManagerSummaries detail={data} caseManagerId={caseManagerId} />
      </Section>
    </Stack>
  );
}

const LoadError = () => (
  <Alert color="red" variant="light" role="alert">
    <FormattedMessage id="dashboards.common.loadError" />
  </Alert>
);

export function CaseManagerDashboardPage() {
  const { caseManagerId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const clientId = searchParams.get('client');
  const dashboard = useCaseManagerDashboard(caseManagerId);
  const keep = searchParams.get('preview') === '1' ? '?preview=1' : '';
  const hrefOf = (id: string) => `?client=${encodeURIComponent(id)}${keep ? '&preview=1' : ''}`;
  let body: ReactNode;
  if (dashboard.isPending) body = <PageLoader />;
  else if (isNotFound(dashboard.error)) body = <DashboardNotFoundContent />;
  else if (dashboard.isError) body = <LoadError />;
  else if (clientId)
    body = <ClientDetail caseManagerId={caseManagerId} clientId={clientId} back={keep || '?'} />;
  else
    body = (
      <Stack gap="lg">
        <div>
          <Title order={1}>
            <FormattedMessage id="dashboards.caseManager.title" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage
              id="dashboards.caseManager.intro"
              values={{ name: dashboard.data.caseManager.name }}
            />
          </Text>
        </div>
        <CaseManagerFirstQuestions data={dashboard.data} />
        <CaseManagerMatchAuthorizations />
        <Section id="open-incidents" titleId="dashboards.caseManager.incidents.title">
          <CaseManagerIncidents incidents={dashboard.data.incidents} showClient />
        </Section>
        <CaseManagerClients clients={dashboard.data.clients} hrefOf={hrefOf} />
      </Stack>
    );
  return (
    <DashboardFrame personName={dashboard.data?.caseManager.name} home="/dashboard/case-manager" wide>
      {body}
    </DashboardFrame>
  );
}
