/**
 * A client's EVV locations on a Leaflet map (UX.md "Maps"; issue 5): the baseline's geofence circle
 * (radius in metres), clock-ins and clock-outs inside it, outliers in another colour and shape,
 * approved locations with their own circles, and optionally one finding's actual punch and its
 * expected place, over the configured tiles or Tend's bundled US outlines (`MapBackground`, decision
 * 0038); the shapes and the legend say everything (shape + colour + words, never colour alone). With `onPick`, a click on the map
 * (or Enter on the focused map, which picks its centre) reports a coordinate, for adding an approved place.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { Circle, CircleMarker, MapContainer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { ApprovedLocation, BaselinePoint } from '@tend/contracts';
import { MapBackground } from '../../../components/ui/map/map-background.tsx';
import { formatCoordinate } from '../../../lib/format/index.ts';

/** How each kind of mark looks; the legend draws the same shapes. */
export const markStyles = {
  fence: { label: 'Geofence (learned home)', color: '#1c7ed6' },
  in: { label: 'Clock-in', color: '#1c7ed6' },
  out: { label: 'Clock-out', color: '#2b8a3e' },
  outlier: { label: 'Outlier (outside the fence): large dot', color: '#e8590c' },
  approved: { label: 'Approved location', color: '#7048e8' },
  actual: { label: 'Flagged punch', color: '#c92a2a' },
  expected: { label: 'Expected place', color: '#1c7ed6' },
} as const;
export type MarkKind = keyof typeof markStyles;

export interface LocationMapProps {
  /** The baseline's clock-in / clock-out centroids and radius (null when not learned). */
  fence: {
    inLat: number | null;
    inLong: number | null;
    outLat: number | null;
    outLong: number | null;
    radiusMeters: number | null;
  } | null;
  inPoints?: BaselinePoint[];
  outPoints?: BaselinePoint[];
  approved?: ApprovedLocation[];
  /** One finding to point out. */
  finding?: {
    actualLat: number | null;
    actualLong: number | null;
    expectedLat: number | null;
    expectedLong: number | null;
  } | null;
  /** A coordinate chosen for a new approved location (drawn as a dashed purple circle). */
  picked?: { lat: number; long: number; radiusMeters: number } | null;
  onPick?: (lat: number, long: number) => void;
  height?: number;
  label: string;
}

const valid = (lat: number | null | undefined, long: number | null | undefined): lat is number =>
  typeof lat === 'number' &&
  typeof long === 'number' &&
  Number.isFinite(lat) &&
  Number.isFinite(long) &&
  Math.abs(lat) <= 90 &&
  Math.abs(long) <= 180;

/** Fits the view to `points` whenever they change. */
function FitTo({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const parsed = JSON.parse(key) as LatLngTuple[];
    if (parsed.length) map.fitBounds(latLngBounds(parsed), { padding: [36, 36], maxZoom: 17 });
  }, [map, key]);
  return null;
}

/** Reports the clicked coordinate, or the centre on Enter. */
function PickHandler({ onPick }: { onPick: (lat: number, long: number) => void }) {
  const map = useMapEvents({
    click: (event) => onPick(event.latlng.lat, event.latlng.lng),
    keydown: (event) => {
      if (event.originalEvent.key === 'Enter') {
        const center = map.getCenter();
        onPick(center.lat, center.lng);
      }
    },
  });
  return null;
}

/** The legend's sample of one mark, drawn like the mark. */
export function LegendMark({ kind }: { kind: MarkKind }) {
  const { color } = markStyles[kind];
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden focusable="false">
      {kind === 'fence' ? (
        <g>
          <circle cx="11" cy="11" r="9" fill={color} fillOpacity={0.12} stroke={color} strokeWidth="1.5" />
          <circle cx="11" cy="11" r="4" fill="#ffffff" stroke={color} strokeWidth="2.5" />
        </g>
      ) : kind === 'approved' ? (
        <circle
          cx="11"
          cy="11"
          r="9"
          fill={color}
          fillOpacity={0.12}
          stroke={color}
          strokeWidth="2"
          strokeDasharray="4 3"
        />
      ) : kind === 'in' ? (
        <circle cx="11" cy="11" r="5" fill="none" stroke={color} strokeWidth="2.5" />
      ) : kind === 'out' ? (
        <circle cx="11" cy="11" r="4" fill={color} fillOpacity={0.8} stroke={color} strokeWidth="1" />
      ) : kind === 'outlier' ? (
        <circle cx="11" cy="11" r="6" fill={color} fillOpacity={0.9} stroke="#7f2704" strokeWidth="2" />
      ) : kind === 'actual' ? (
        <circle cx="11" cy="11" r="8" fill={color} fillOpacity={0.3} stroke={color} strokeWidth="3" />
      ) : (
        <g stroke={color} strokeWidth="3">
          <line x1="4" y1="11" x2="18" y2="11" />
          <line x1="11" y1="4" x2="11" y2="18" />
        </g>
      )}
    </svg>
  );
}

type Centre = { kind: 'in' | 'out'; lat: number; long: number };
type Finding = NonNullable<LocationMapProps['finding']>;

/**
 * What the map shows: the fence's centres and radius (m), every coordinate the view fits (the finding's
 * alone when there is one, besides centres, approved and picked places) and the legend's kinds.
 */
function mapLayout({
  fence,
  inPoints = [],
  outPoints = [],
  approved = [],
  finding,
  picked,
}: LocationMapProps) {
  const centers: Centre[] = [];
  if (fence && valid(fence.inLat, fence.inLong))
    centers.push({ kind: 'in', lat: fence.inLat, long: fence.inLong as number });
  if (fence && valid(fence.outLat, fence.outLong))
    centers.push({ kind: 'out', lat: fence.outLat, long: fence.outLong as number });
  const radius = fence?.radiusMeters ?? null;
  const focus: LatLngTuple[] = [];
  if (finding && valid(finding.actualLat, finding.actualLong))
    focus.push([finding.actualLat, finding.actualLong as number]);
  if (finding && valid(finding.expectedLat, finding.expectedLong))
    focus.push([finding.expectedLat, finding.expectedLong as number]);
  const all: LatLngTuple[] = [
    ...focus,
    ...centers.map((c) => [c.lat, c.long] as LatLngTuple),
    ...approved.map((a) => [a.lat, a.long] as LatLngTuple),
    ...(picked ? [[picked.lat, picked.long] as LatLngTuple] : []),
    ...(focus.length ? [] : [...inPoints, ...outPoints].map((p) => [p.lat, p.long] as LatLngTuple)),
  ];
  const kinds: MarkKind[] = [];
  if (centers.length && radius) kinds.push('fence');
  if (inPoints.some((p) => p.class !== 'noise')) kinds.push('in');
  if (outPoints.some((p) => p.class !== 'noise')) kinds.push('out');
  if ([...inPoints, ...outPoints].some((p) => p.class === 'noise')) kinds.push('outlier');
  if (approved.length || picked) kinds.push('approved');
  if (focus.length) kinds.push('actual');
  if (finding && valid(finding.expectedLat, finding.expectedLong)) kinds.push('expected');
  return { centers, radius, all, kinds };
}

/** See the module comment. */
export function LocationMap(props: LocationMapProps) {
  const {
    inPoints = [],
    outPoints = [],
    approved = [],
    finding,
    picked,
    onPick,
    height = 360,
    label,
  } = props;
  const { centers, radius, all, kinds } = mapLayout(props);
  return (
    <Stack gap="xs">
      {all.length ? (
        <Box
          role="region"
          aria-label={label}
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          data-testid="location-map"
        >
          <MapContainer
            bounds={latLngBounds(all)}
            boundsOptions={{ padding: [36, 36], maxZoom: 17 }}
            scrollWheelZoom={false}
            style={{
              height,
              width: '100%',
              background: 'var(--mantine-color-gray-1)',
              cursor: onPick ? 'crosshair' : undefined,
            }}
          >
            <MapBackground />
            <FenceMarks centers={centers} radius={radius} />
            <ApprovedMarks approved={approved} picked={picked} />
            <PunchMarks inPoints={inPoints} outPoints={outPoints} />
            {finding ? <FindingMarks finding={finding} /> : null}
            {onPick ? <PickHandler onPick={onPick} /> : null}
            <FitTo points={all} />
          </MapContainer>
        </Box>
      ) : (
        <Box
          p="lg"
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          role="note"
          aria-label={label}
        >
          <Text size="sm" c="dimmed">
            No location to show on the map yet.
          </Text>
        </Box>
      )}
      <Group gap="md" role="list" aria-label="Map legend">
        {kinds.map((kind) => (
          <Group key={kind} gap={6} role="listitem" wrap="nowrap">
            <LegendMark kind={kind} />
            <Text size="sm">{markStyles[kind].label}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** The geofence circles (radius in metres) and the homes' centres, at a fixed size. */
function FenceMarks({ centers, radius }: { centers: Centre[]; radius: number | null }) {
  return (
    <>
      {radius
        ? centers.map((c) => (
            <Circle
              key={`fence-${c.kind}`}
              center={[c.lat, c.long]}
              radius={radius}
              pathOptions={{ color: markStyles.fence.color, weight: 2, fillOpacity: 0.08 }}
              className="location-map-fence"
            >
              <Tooltip>
                {c.kind === 'in' ? 'Clock-in' : 'Clock-out'} home: {formatCoordinate(c.lat, c.long)}, radius{' '}
                {Math.round(radius)} m
              </Tooltip>
            </Circle>
          ))
        : null}
      {centers.map((c) => (
        // The home's centre at a fixed size, so it stays visible at any zoom (the fence may be a few pixels).
        <CircleMarker
          key={`centre-${c.kind}`}
          center={[c.lat, c.long]}
          radius={8}
          pathOptions={{
            color: markStyles.fence.color,
            weight: 3,
            fillColor: '#ffffff',
            fillOpacity: 0.9,
          }}
          className="location-map-home"
        >
          <Tooltip>
            {c.kind === 'in' ? 'Clock-in' : 'Clock-out'} home: {formatCoordinate(c.lat, c.long)}
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

/** The approved locations' dashed circles, and the place being picked for a new one. */
function ApprovedMarks({
  approved,
  picked,
}: {
  approved: ApprovedLocation[];
  picked: LocationMapProps['picked'];
}) {
  return (
    <>
      {approved.map((a) => (
        <Circle
          key={a.id}
          center={[a.lat, a.long]}
          radius={a.radiusMeters}
          pathOptions={{
            color: markStyles.approved.color,
            weight: 2,
            dashArray: '6 4',
            fillOpacity: 0.1,
          }}
          className="location-map-approved"
        >
          <Tooltip>
            Approved: {a.label} ({Math.round(a.radiusMeters)} m)
          </Tooltip>
        </Circle>
      ))}
      {picked ? (
        <Circle
          center={[picked.lat, picked.long]}
          radius={picked.radiusMeters}
          pathOptions={{
            color: markStyles.approved.color,
            weight: 3,
            dashArray: '2 4',
            fillOpacity: 0.2,
          }}
        >
          <Tooltip permanent>New approved location</Tooltip>
        </Circle>
      ) : null}
    </>
  );
}

/** The baseline's clock-ins (rings) and clock-outs (dots), outliers large and orange. */
function PunchMarks({ inPoints, outPoints }: { inPoints: BaselinePoint[]; outPoints: BaselinePoint[] }) {
  return (
    <>
      {inPoints.map((p, i) => (
        <CircleMarker
          key={`in-${i}`}
          center={[p.lat, p.long]}
          radius={p.class === 'noise' ? 6 : 5}
          pathOptions={
            p.class === 'noise'
              ? {
                  color: '#7f2704',
                  weight: 2,
                  fill: true,
                  fillColor: markStyles.outlier.color,
                  fillOpacity: 0.9,
                }
              : { color: markStyles.in.color, weight: 2, fill: false }
          }
          className={p.class === 'noise' ? 'location-map-outlier' : 'location-map-in'}
        >
          <Tooltip>
            {p.class === 'noise' ? 'Outlier clock-in' : 'Clock-in'}: {formatCoordinate(p.lat, p.long)}
          </Tooltip>
        </CircleMarker>
      ))}
      {outPoints.map((p, i) => (
        <CircleMarker
          key={`out-${i}`}
          center={[p.lat, p.long]}
          radius={p.class === 'noise' ? 6 : 3}
          pathOptions={{
            color: p.class === 'noise' ? '#7f2704' : markStyles.out.color,
            weight: p.class === 'noise' ? 2 : 1,
            fill: true,
            fillColor: p.class === 'noise' ? markStyles.outlier.color : markStyles.out.color,
            fillOpacity: 0.8,
          }}
          className={p.class === 'noise' ? 'location-map-outlier' : 'location-map-out'}
        >
          <Tooltip>
            {p.class === 'noise' ? 'Outlier clock-out' : 'Clock-out'}: {formatCoordinate(p.lat, p.long)}
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

/** One finding's expected place (dashed ring) and its flagged punch (labelled). */
function FindingMarks({ finding }: { finding: Finding }) {
  return (
    <>
      {valid(finding.expectedLat, finding.expectedLong) ? (
        <CircleMarker
          center={[finding.expectedLat, finding.expectedLong as number]}
          radius={9}
          pathOptions={{ color: markStyles.expected.color, weight: 3, fill: false, dashArray: '3 3' }}
        >
          <Tooltip>Expected: {formatCoordinate(finding.expectedLat, finding.expectedLong)}</Tooltip>
        </CircleMarker>
      ) : null}
      {valid(finding.actualLat, finding.actualLong) ? (
        <CircleMarker
          center={[finding.actualLat, finding.actualLong as number]}
          radius={11}
          pathOptions={{
            color: markStyles.actual.color,
            weight: 3,
            fillColor: markStyles.actual.color,
            fillOpacity: 0.3,
          }}
          className="location-map-actual"
        >
          <Tooltip permanent direction="top">
            Flagged punch
          </Tooltip>
        </CircleMarker>
      ) : null}
    </>
  );
}
