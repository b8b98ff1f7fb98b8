/**
 * The listings of the map in words (issue 21 "Map"; UX.md "maps with a table beside"): nearest first, a name (first
 * name and last initial), the distance in km, the city, and what matters to the viewer (a caregiver's availability
 * and languages; a client's care type and hours) with its "Report" action (issue 21). Three columns: fits a 320 px phone without scrolling sideways.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CaregiverOnMap, ClientOnMap } from '@tend/contracts';
import { ReportButton } from './report-button.tsx';

export const cardName = (card: { firstName: string; lastInitial: string | null }) =>
  card.lastInitial ? `${card.firstName} ${card.lastInitial}.` : card.firstName;

type Row = { kind: 'caregiver'; entry: CaregiverOnMap } | { kind: 'client'; entry: ClientOnMap };

export function NearbyList({ rows, caption }: { rows: Row[]; caption: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.map.${id}` }, values);
  return (
    <Table data-testid="nearby-list" striped verticalSpacing="xs" captionSide="top" layout="fixed">
      <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('column.name')}</Table.Th>
          <Table.Th w={92}>{t('column.distance')}</Table.Th>
          <Table.Th>{t('column.city')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const { card } = row.entry;
          return (
            <Table.Tr key={card.id} data-testid="nearby-row">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {cardName(card)}
                  </Text>
                  {row.kind === 'caregiver' ? (
                    <Group gap={4}>
                      {row.entry.card.availabilityStatus ? (
                        <Text size="xs" fw={600} c="teal.9">
                          {t(`availability.${row.entry.card.availabilityStatus}`)}
                        </Text>
                      ) : null}
                      {row.entry.card.verified ? (
                        <Text size="xs" fw={600} c="blue.9">
                          {t('verified')}
                        </Text>
                      ) : null}
                    </Group>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {[
                        row.entry.card.careType &&
                          intl.formatMessage({
                            id: `matchmaking.client.option.careType.${row.entry.card.careType}`,
                          }),
                        row.entry.card.hoursNeededCategory &&
                          intl.formatMessage({
                            id: `matchmaking.client.option.hoursCategory.${row.entry.card.hoursNeededCategory}`,
                          }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
                  {card.languages.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {intl.formatList(card.languages, { type: 'conjunction' })}
                    </Text>
                  ) : null}
                  <Group>
                    <ReportButton targetType={row.kind} targetId={card.id} size="xs" name={cardName(card)} />
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td>{t('km', { km: row.entry.distanceKm })}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{card.city ?? t('cityUnknown')}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
