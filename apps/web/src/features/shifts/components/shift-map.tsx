/**
 * Clock-in and clock-out locations of a shift on a Leaflet map (UX.md "Maps"): the configured tiles,
 * or Tend's bundled US state and county outlines when there are none or they cannot load
 * (`MapBackground`, decision 0038), two distinct markers (a ring for clock-in, a dot for clock-out:
 * shape and colour, never colour alone) with a legend giving each coordinate, and the view fitted to
 * both. Impossible or missing coordinates are not plotted; the map says so.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { CircleMarker, MapContainer, Tooltip, useMap } from 'react-leaflet';
import { isValidCoordinate } from '@tend/contracts';
import { MapBackground } from '../../../components/ui/map/map-background.tsx';
import { formatRecordedCoordinate } from '../../../lib/format/index.ts';

/** How each marker looks; the legend draws the same shapes. */
const markerStyle = {
  in: { label: 'Clock-in', color: '#1c7ed6', radius: 13, fill: false, weight: 4 },
  out: { label: 'Clock-out', color: '#c2255c', radius: 7, fill: true, weight: 2 },
} as const;
type MarkerKind = keyof typeof markerStyle;

export interface ShiftMapProps {
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  /** Map height in px (default 320). */
  height?: number;
}

/** Keeps the view fitted to the points when they change (a correction moves a marker). */
function FitToPoints({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const parsed = JSON.parse(key) as LatLngTuple[];
    if (parsed.length) map.fitBounds(latLngBounds(parsed), { padding: [48, 48], maxZoom: 16 });
  }, [map, key]);
  return null;
}

/** The legend's sample of one marker, drawn like the marker itself. */
function LegendMarker({ kind }: { kind: MarkerKind }) {
  const style = markerStyle[kind];
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden focusable="false">
      {style.fill ? (
        <circle
          cx="11"
          cy="11"
          r="6"
          fill={style.color}
          fillOpacity={0.85}
          stroke={style.color}
          strokeWidth="2"
        />
      ) : (
        <circle cx="11" cy="11" r="8" fill="none" stroke={style.color} strokeWidth="3.5" />
      )}
    </svg>
  );
}

/** A clock-in or clock-out location: whether it was recorded and whether it can be plotted. */
interface MapLocation {
  kind: MarkerKind;
  lat: number | null;
  long: number | null;
  present: boolean;
  valid: boolean;
}

const locationsOf = (recorded: Pick<MapLocation, 'kind' | 'lat' | 'long'>[]): MapLocation[] =>
  recorded.map((location) => ({
    ...location,
    present: location.lat !== null && location.long !== null,
    valid: isValidCoordinate(location.lat, location.long),
  }));

export function ShiftMap({ evvInLat, evvInLong, evvOutLat, evvOutLong, height = 320 }: ShiftMapProps) {
  const locations = locationsOf([
    { kind: 'in', lat: evvInLat, long: evvInLong },
    { kind: 'out', lat: evvOutLat, long: evvOutLong },
  ]);
  const plotted = locations.filter((location) => location.valid);
  const points = plotted.map((location) => [location.lat, location.long] as LatLngTuple);
  const notes = locations
    .filter((location) => !location.valid)
    .map((location) =>
      location.present
        ? `${markerStyle[location.kind].label} location ${formatRecordedCoordinate(location.lat, location.long)} is impossible and is not shown on the map.`
        : `${markerStyle[location.kind].label} has no location.`,
    );

  return (
    <Stack gap="xs">
      {points.length ? (
        <Box
          role="region"
          aria-label="Map of clock-in and clock-out locations"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          data-testid="shift-map"
        >
          <MapContainer
            bounds={latLngBounds(points)}
            boundsOptions={{ padding: [48, 48], maxZoom: 16 }}
            scrollWheelZoom={false}
            style={{ height, width: '100%', background: 'var(--mantine-color-gray-1)' }}
          >
            <MapBackground />
            {plotted.map((location) => (
              <ShiftMarker key={location.kind} location={location} />
            ))}
            <FitToPoints points={points} />
          </MapContainer>
        </Box>
      ) : (
        <Box
          p="lg"
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          role="note"
          aria-label="Map of clock-in and clock-out locations"
        >
          <Text size="sm" c="dimmed">
            No valid location to show on the map.
          </Text>
        </Box>
      )}
      <MapLegend locations={locations} />
      {notes.map((note) => (
        <Text key={note} size="sm" c="orange.9">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** One plotted location: its marker (ring or dot) with the coordinates as a tooltip. */
function ShiftMarker({ location }: { location: MapLocation }) {
  const style = markerStyle[location.kind];
  return (
    <CircleMarker
      center={[location.lat as number, location.long as number]}
      radius={style.radius}
      pathOptions={{
        color: style.color,
        weight: style.weight,
        fill: style.fill,
        fillColor: style.color,
        fillOpacity: style.fill ? 0.85 : 0,
      }}
      // Leaflet reads className only when the marker is created (not from pathOptions).
      className={`shift-map-marker shift-map-marker-${location.kind}`}
    >
      <Tooltip>
        {style.label}: {formatRecordedCoordinate(location.lat, location.long)}
      </Tooltip>
    </CircleMarker>
  );
}

/** Each location's marker shape, name and coordinates (or that it is not on the map). */
function MapLegend({ locations }: { locations: MapLocation[] }) {
  return (
    <Group gap="lg" role="list" aria-label="Map legend">
      {locations.map((location) => (
        <Group key={location.kind} gap={6} role="listitem" wrap="nowrap">
          <LegendMarker kind={location.kind} />
          <Text size="sm">
            {markerStyle[location.kind].label}
            <Text span c="dimmed" size="sm">
              {' '}
              {location.valid ? formatRecordedCoordinate(location.lat, location.long) : '(not on the map)'}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}
