/**
 * The case-manager dashboard's first questions as cards (issue 20): ISPs overdue (and due soon, missing), reviews
 * overdue, unacknowledged protocols, hours this month (authorized, delivered, unfilled) and open incidents (overdue
 * ones stand out). Each card is a labelled group a screen reader reads as one.
 */
import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaseManagerDashboard } from '@tend/contracts';
import { useCaseManagerFormat } from './case-manager-format.ts';

function FigureCard(props: {
  id: string;
  titleId: string;
  value: string;
  alert: boolean;
  children?: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      role="group"
      aria-labelledby={`${props.id}-title`}
      data-testid={props.id}
      style={props.alert ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${props.id}-title`}>
          <FormattedMessage id={props.titleId} />
        </Text>
        <Text fz={28} fw={700} c={props.alert ? 'red.8' : undefined}>
          {props.value}
        </Text>
        {props.children}
      </Stack>
    </Card>
  );
}

export function CaseManagerFirstQuestions({ data }: { data: CaseManagerDashboard }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  const q = data.firstQuestions;
  const note = (id: string, values: Record<string, string | number>) => (
    <Text size="sm" c="dimmed">
      {intl.formatMessage({ id }, values)}
    </Text>
  );
  return (
    <section aria-labelledby="first-questions">
      <Title order={2} size="h3" id="first-questions" mb="sm">
        <FormattedMessage id="dashboards.caseManager.firstQuestions" />
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <FigureCard
          id="card-isps"
          titleId="dashboards.caseManager.card.isps"
          value={f.count(q.overdueIsps)}
          alert={q.overdueIsps > 0}
        >
          {note('dashboards.caseManager.card.ispsNote', { dueSoon: q.dueSoonIsps, missing: q.missingIsps })}
          {note('dashboards.caseManager.card.reviews', { count: q.reviewsOverdue })}
        </FigureCard>
        <FigureCard
          id="card-acks"
          titleId="dashboards.caseManager.card.unacknowledged"
          value={f.count(q.unacknowledged)}
          alert={false}
        >
          {note('dashboards.caseManager.card.unacknowledgedNote', { clients: q.clientsWithUnacknowledged })}
        </FigureCard>
        <FigureCard
          id="card-hours"
          titleId="dashboards.caseManager.card.unfilled"
          value={f.hours(q.month.unfilledHours)}
          alert={false}
        >
          {note('dashboards.caseManager.card.hoursMonth', {
            authorized: f.hours(q.month.authorizedHours),
            delivered: f.hours(q.month.deliveredHours),
          })}
          {note('dashboards.caseManager.card.hoursTerm', {
            authorized: f.hours(q.term.authorizedHours),
            delivered: f.hours(q.term.deliveredHours),
            unfilled: f.hours(q.term.unfilledHours),
          })}
        </FigureCard>
        <FigureCard
          id="card-incidents"
          titleId="dashboards.caseManager.card.incidents"
          value={f.count(q.openIncidents)}
          alert={q.overdueIncidents > 0}
        >
          {note('dashboards.caseManager.card.incidentsOverdue', { count: q.overdueIncidents })}
        </FigureCard>
      </SimpleGrid>
    </section>
  );
}
