/**
 * Quarterly summaries as a family reads them (issue 20): each generated quarter, newest first, folded so the page
 * stays short; its sections as written. The first line of a section (what was read) and each dated sentence are
 * shown on their own lines.
 */
import { Accordion, Stack, Text, Title } from '@mantine/core';
import type { ClientQuarterlySummary } from '@tend/contracts';
import { FormattedMessage, useIntl } from 'react-intl';

export function ClientSummaries({ summaries }: { summaries: ClientQuarterlySummary[] }) {
  const intl = useIntl();
  if (summaries.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboards.client.summariesEmpty" />
      </Text>
    );
  return (
    <Accordion variant="separated" defaultValue={`${summaries[0]?.year}-${summaries[0]?.quarter}`}>
      {summaries.map((summary) => {
        const key = `${summary.year}-${summary.quarter}`;
        return (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>
              {intl.formatMessage(
                { id: 'dashboards.client.quarter' },
                { quarter: summary.quarter, year: summary.year },
              )}
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {summary.sections.map((section) => (
                  <div key={section.sectionName}>
                    <Title order={4} size="h6" style={{ overflowWrap: 'anywhere' }}>
                      {section.sectionName}
                    </Title>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {section.sectionSummary}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
