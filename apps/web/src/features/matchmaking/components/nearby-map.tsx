/**
 * The Leaflet map of nearby listings (issue 21 "Map"; UX.md "Maps"): the bundled basemap first (`MapBackground`:
 * configured tiles, or the offline US outlines), the chosen radius as a circle around the viewer's rounded position,
 * the viewer as a square-ish dark mark and each listing as a round teal mark with its name and distance in a
 * tooltip. The list beside the map says the same in words (`NearbyList`); the legend draws the same shapes.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { latLng } from 'leaflet';
import { Circle, CircleMarker, MapContainer, Tooltip, useMap } from 'react-leaflet';
import { useIntl } from 'react-intl';
import type { MapPosition } from '@tend/contracts';
import { MapBackground } from '../../../components/ui/map/map-background.tsx';

export interface NearbyMark {
  id: string;
  name: string;
  distanceKm: number;
  position: MapPosition;
}

const colors = { self: '#212529', listing: '#087f5b', radius: '#1c7ed6' } as const;

/** Fits the view to the radius circle whenever it changes. */
function FitToRadius({ center, radiusKm }: { center: MapPosition; radiusKm: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(latLng(center.latitude, center.longitude).toBounds(radiusKm * 2000), { padding: [12, 12] });
  }, [map, center.latitude, center.longitude, radiusKm]);
  return null;
}

/** The legend: the same shapes as the marks, in words; and why marks are approximate. */
function NearbyLegend({ radiusKm }: { radiusKm: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.map.${id}` }, values);
  return (
    <>
      <Group gap="md" mt={6} wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden focusable="false">
            <circle cx="9" cy="9" r="6" fill={colors.self} stroke="#ffffff" strokeWidth="2" />
          </svg>
          <Text size="xs">{t('legend.you')}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden focusable="false">
            <circle cx="9" cy="9" r="5" fill="#ffffff" stroke={colors.listing} strokeWidth="3" />
          </svg>
          <Text size="xs">{t('legend.listing')}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden focusable="false">
            <circle
              cx="9"
              cy="9"
              r="7"
              fill="none"
              stroke={colors.radius}
              strokeWidth="2"
              strokeDasharray="4 3"
            />
          </svg>
          <Text size="xs">{t('legend.radius', { km: radiusKm })}</Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('privacy')}
      </Text>
    </>
  );
}

export function NearbyMap({
  center,
  radiusKm,
  marks,
  label,
}: {
  center: MapPosition;
  radiusKm: number;
  marks: NearbyMark[];
  label: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.map.${id}` }, values);
  return (
    <Box>
      <Box
        role="region"
        aria-label={label}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        data-testid="nearby-map"
      >
        <MapContainer
          center={[center.latitude, center.longitude]}
          zoom={10}
          scrollWheelZoom={false}
          style={{ height: 340, width: '100%', background: 'var(--mantine-color-gray-1)' }}
        >
          <MapBackground />
          <Circle
            center={[center.latitude, center.longitude]}
            radius={radiusKm * 1000}
            pathOptions={{ color: colors.radius, weight: 2, fillOpacity: 0.06, dashArray: '6 4' }}
            interactive={false}
          />
          <CircleMarker
            center={[center.latitude, center.longitude]}
            radius={8}
            pathOptions={{ color: '#ffffff', weight: 2, fillColor: colors.self, fillOpacity: 1 }}
          >
            <Tooltip>{t('you')}</Tooltip>
          </CircleMarker>
          {marks.map((mark) => (
            <CircleMarker
              key={mark.id}
              center={[mark.position.latitude, mark.position.longitude]}
              radius={7}
              pathOptions={{ color: colors.listing, weight: 3, fillColor: '#ffffff', fillOpacity: 1 }}
            >
              <Tooltip>{t('markTooltip', { name: mark.name, km: mark.distanceKm })}</Tooltip>
            </CircleMarker>
          ))}
          <FitToRadius center={center} radiusKm={radiusKm} />
        </MapContainer>
      </Box>
      <NearbyLegend radiusKm={radiusKm} />
    </Box>
  );
}
