/**
 * The map page's body (issue 21 "Map"; decision 0056), for both sides: the radius and filters, the map, the same
 * listings in a table beside it, an empty state that says what to do ("nobody within 25 km — widen the distance"),
 * and the viewer's own profile alerts (so a person sees why others may not find them).
 */
import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  MAP_RADIUS_DEFAULT_KM,
  availabilityStatuses,
  mapRadiusChoices,
  type MapPosition,
  type MapQuery,
  type NearbyMap as NearbyMapAnswer,
} from '@tend/contracts';
import { useNearbyMap } from '../api/map.ts';
import { ListingLoadState } from './schedule-load-state.tsx';
import { NearbyList, cardName } from './nearby-list.tsx';
import { NearbyMap, type NearbyMark } from './nearby-map.tsx';
import { ProfileAlerts } from './profile-alerts.tsx';

type Filters = Omit<MapQuery, 'radiusKm'>;

const options = (values: readonly string[], any: string, label: (value: string) => string = (v) => v) => [
  { value: '', label: any },
  ...values.map((value) => ({ value, label: label(value) })),
];

function FilterSelects({
  side,
  data,
  filters,
  setFilter,
}: {
  side: 'client' | 'caregiver';
  data: NearbyMapAnswer | undefined;
  filters: Filters;
  setFilter: (name: keyof Filters, value: string | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `matchmaking.map.${id}` });
  const any = t('filter.any');
  const select = (name: keyof Filters, values: readonly string[], label?: (value: string) => string) => (
    <Select
      key={name}
      label={t(`filter.${name}`)}
      data={options(values, any, label)}
      value={filters[name] ?? ''}
      allowDeselect={false}
      onChange={(value) => setFilter(name, value)}
    />
  );
  // A family looks at caregivers; a caregiver at clients.
  if (side === 'client')
    return (
      <>
        {select('availability', availabilityStatuses, (value) => t(`availability.${value}`))}
        {select('language', data?.options.languages ?? [])}
        {select('canDrive', ['true', 'false'], (value) => t(`canDrive.${value}`))}
        {select('certification', data?.options.certifications ?? [])}
      </>
    );
  return (
    <>
      {select('careType', data?.options.careTypes ?? [], (value) =>
        intl.formatMessage({ id: `matchmaking.client.option.careType.${value}` }),
      )}
      {select('hoursCategory', data?.options.hoursCategories ?? [], (value) =>
        intl.formatMessage({ id: `matchmaking.client.option.hoursCategory.${value}` }),
      )}
    </>
  );
}

/** The map and the table of the same listings, or the empty state that says what to do. */
function NearbyResults({
  data,
  center,
  side,
  filtered,
  onWiden,
  onClearFilters,
}: {
  data: NearbyMapAnswer;
  center: MapPosition;
  side: 'client' | 'caregiver';
  filtered: boolean;
  onWiden: (km: number) => void;
  onClearFilters: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.map.${id}` }, values);
  const rows =
    data.viewer === 'client'
      ? data.caregivers.map((entry) => ({ kind: 'caregiver' as const, entry }))
      : data.clients.map((entry) => ({ kind: 'client' as const, entry }));
  const marks: NearbyMark[] = rows.map(({ entry }) => ({
    id: entry.card.id,
    name: cardName(entry.card),
    distanceKm: entry.distanceKm,
    position: entry.position,
  }));
  const wider = mapRadiusChoices.find((choice) => choice > data.radiusKm);
  const others = t(`others.${side}`);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <NearbyMap
        center={center}
        radiusKm={data.radiusKm}
        marks={marks}
        label={t('mapLabel', { count: rows.length, km: data.radiusKm })}
      />
      <Stack gap="xs" aria-live="polite">
        {rows.length === 0 ? (
          <Alert color="blue" variant="light" data-testid="nearby-empty">
            <Stack gap="xs">
              <Text size="sm">
                {filtered
                  ? t('emptyFiltered', { km: data.radiusKm, others })
                  : wider
                    ? t('empty', { km: data.radiusKm, others })
                    : t('emptyMax', { km: data.radiusKm, others })}
              </Text>
              <Group gap="xs">
                {wider ? (
                  <Button size="compact-sm" variant="light" onClick={() => onWiden(wider)}>
                    {t('widen', { km: wider })}
                  </Button>
                ) : null}
                {filtered ? (
                  <Button size="compact-sm" variant="subtle" onClick={() => onClearFilters()}>
                    {t('clearFilters')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Alert>
        ) : (
          <NearbyList rows={rows} caption={t('listCaption', { count: rows.length, km: data.radiusKm })} />
        )}
      </Stack>
    </SimpleGrid>
  );
}

export function NearbyView({ side, uniqueKey }: { side: 'client' | 'caregiver'; uniqueKey: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.map.${id}` }, values);
  const [radiusKm, setRadiusKm] = useState<number>(MAP_RADIUS_DEFAULT_KM);
  const [filters, setFilters] = useState<Filters>({});
  const map = useNearbyMap(uniqueKey, { radiusKm, ...filters });
  const data = map.data;
  const setFilter = (name: keyof Filters, value: string | null) =>
    setFilters((current) => ({ ...current, [name]: value || undefined }));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t(`title.${side}`)}</Title>
        <Text c="dimmed">{t(`intro.${side}`)}</Text>
      </div>
      {map.error ? null : (
        <SimpleGrid cols={{ base: 2, md: side === 'client' ? 5 : 3 }} spacing="sm">
          <Select
            label={t('radius')}
            data={mapRadiusChoices.map((km) => ({ value: String(km), label: t('km', { km }) }))}
            value={String(radiusKm)}
            allowDeselect={false}
            onChange={(value) => value && setRadiusKm(Number(value))}
          />
          <FilterSelects side={side} data={data} filters={filters} setFilter={setFilter} />
        </SimpleGrid>
      )}

      {!data ? (
        <ListingLoadState isPending={map.isPending} error={map.error} />
      ) : data.center === null ? (
        <Alert color="yellow" role="status" data-testid="nearby-no-place">
          {t(`noPlace.${side}`)}
        </Alert>
      ) : (
        <NearbyResults
          data={data}
          center={data.center}
          side={side}
          filtered={filtered}
          onWiden={setRadiusKm}
          onClearFilters={() => setFilters({})}
        />
      )}
      {data ? (
        <ProfileAlerts
          {...(data.viewer === 'client'
            ? { kind: 'client', id: data.listingId }
            : { kind: 'caregiver', id: data.listingId })}
        />
      ) : null}
    </Stack>
  );
}
