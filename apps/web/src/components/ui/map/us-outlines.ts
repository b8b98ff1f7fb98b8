/**
 * Tend's bundled basemap (decision 0038): US land, state borders and county borders from `us-atlas`
 * (U.S. Census Bureau cartographic boundaries, 1:10,000,000, longitude/latitude in degrees, WGS84).
 * The TopoJSON file is a hashed asset of this web app, fetched from Tend itself the first time a map
 * needs it (never from another host), and `topojson-client` is loaded with it, so neither is in the
 * bundle of pages without a map.
 */
import countiesTopologyUrl from 'us-atlas/counties-10m.json?url';
import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
import type { mesh as meshOf } from 'topojson-client';

/** The three layers of the outlines, as GeoJSON in degrees. */
export interface UsOutlines {
  /** The nation's land (fill under everything). */
  land: Feature | FeatureCollection;
  /** Borders between states (drawn darker). */
  states: MultiLineString;
  /** Borders between counties of one state (drawn lighter). */
  counties: MultiLineString;
}

/** us-atlas's topology: objects `nation`, `states` and `counties` (ids: FIPS codes). */
type UsTopology = Parameters<typeof meshOf>[0];

function objectOf(topology: UsTopology, name: 'nation' | 'states' | 'counties') {
  const object = topology.objects[name];
  if (!object) throw new Error(`US outlines: no ${name} in the topology`);
  // @types/topojson-client types objects with nullable properties but mesh() without: same data.
  return object as NonNullable<Parameters<typeof meshOf>[1]>;
}

/** A county's state: the first two digits of its five-digit FIPS id. */
const stateOf = (countyId: string | number | undefined) => String(countyId ?? '').slice(0, 2);

/**
 * Fetches and converts the outlines. Errors: the fetch's (offline and no cached asset) or a non-2xx
 * answer ("US outlines: HTTP <status>").
 */
export async function loadUsOutlines(signal?: AbortSignal): Promise<UsOutlines> {
  const [{ feature, mesh }, response] = await Promise.all([
    import('topojson-client'),
    fetch(countiesTopologyUrl, { signal }),
  ]);
  if (!response.ok) throw new Error(`US outlines: HTTP ${response.status}`);
  const topology = (await response.json()) as UsTopology;
  return {
    land: feature(topology, objectOf(topology, 'nation')),
    states: mesh(topology, objectOf(topology, 'states'), (a, b) => a !== b),
    counties: mesh(
      topology,
      objectOf(topology, 'counties'),
      (a, b) => a !== b && stateOf(a.id) === stateOf(b.id),
    ),
  };
}
