/**
 * What every Leaflet map draws under its marks (UX.md "Maps"; decision 0038): the tiles of the
 * configured server (MAP_TILE_URL, from `GET /api/client-config`) and Tend's bundled US state and
 * county outlines (`us-outlines.ts`) when no tile server is configured, when the client config cannot
 * be read, or as soon as one tile fails to load (offline, blocked). A failed tile source is retried 3 times, after
 * 1, 2 and 4 s (`map-retry.ts`, spec s.9), the outlines drawing meanwhile (and hidden again when a retry's tiles
 * load); after the last it is given up and reported as `maps_load_failed` (lib/client-log.ts, decision 0068).
 * The outlines sit in their own pane
 * (z-index 250: over the tile pane's 200, under the marks' overlay pane at 400), so markers, radii
 * and legends draw over them unchanged. Place it first inside a react-leaflet `MapContainer`.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GeoJSON, Pane, TileLayer } from 'react-leaflet';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { loadUsOutlines, type UsOutlines } from './us-outlines.ts';
import { MAP_LOAD_RETRIES, mapRetryDelayMs } from './map-retry.ts';
import { reportClientError } from '../../../lib/client-log.ts';

/** Shown in the map's attribution control while the outlines draw. */
export const outlinesAttribution = 'US outlines: U.S. Census Bureau (us-atlas)';

/** Leaflet puts attribution in as HTML: the configured text is escaped so it shows as text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The tile source's attempts: `attempt` (0 = the first load; the tile layer is drawn anew for each), whether the
 * current one failed, and whether it was given up after {@link MAP_LOAD_RETRIES} retries.
 */
function useTileRetries() {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const onTileError = () => {
    setFailed(true);
    if (gaveUp || pending.current) return;
    const delay = mapRetryDelayMs(attempt + 1);
    if (delay === null) {
      setGaveUp(true);
      reportClientError('maps_load_failed', `Map tiles failed to load after ${MAP_LOAD_RETRIES} retries`);
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      setAttempt((current) => current + 1);
    }, delay);
  };
  const onTileLoad = () => setFailed(false);
  return { attempt, failed: failed || gaveUp, gaveUp, onTileError, onTileLoad };
}

/** The configured tiles (null: none or given up), the current attempt and whether the outlines must draw. */
function useMapBackground() {
  const config = useClientConfig();
  const retries = useTileRetries();
  const configured = config.data?.map.tileUrl ? config.data.map : null;
  const outlines = retries.failed || config.isError || (config.isSuccess && !configured);
  return { ...retries, tiles: retries.gaveUp ? null : configured, outlines };
}

/** See the module comment. */
export function MapBackground() {
  const { tiles, outlines, attempt, onTileError, onTileLoad } = useMapBackground();
  return (
    <>
      {tiles?.tileUrl ? (
        <TileLayer
          key={attempt}
          url={tiles.tileUrl}
          attribution={escapeHtml(tiles.attribution)}
          eventHandlers={{ tileerror: onTileError, tileload: onTileLoad }}
        />
      ) : null}
      {outlines ? <OutlinesLayer /> : null}
    </>
  );
}

/** The outlines, once fetched (one fetch per page load, shared by every map). */
function OutlinesLayer() {
  const { data } = useQuery({
    queryKey: ['map', 'us-outlines'],
    queryFn: ({ signal }) => loadUsOutlines(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  return data ? <Outlines outlines={data} /> : null;
}

/**
 * Land (white), county borders (light grey) and state borders (dark grey), not interactive. Leaflet
 * reads `className` when it first draws a path, which is after the style is set: so it goes in `style`.
 */
function Outlines({ outlines }: { outlines: UsOutlines }) {
  return (
    <Pane name="tend-outlines" style={{ zIndex: 250 }}>
      <GeoJSON
        data={outlines.land}
        interactive={false}
        attribution={outlinesAttribution}
        style={{ className: 'tend-outline-land', stroke: false, fillColor: '#ffffff', fillOpacity: 1 }}
      />
      <GeoJSON
        data={outlines.counties}
        interactive={false}
        style={{ className: 'tend-outline-counties', color: '#adb5bd', weight: 0.6, fill: false }}
      />
      <GeoJSON
        data={outlines.states}
        interactive={false}
        style={{ className: 'tend-outline-states', color: '#495057', weight: 1.4, fill: false }}
      />
    </Pane>
  );
}
