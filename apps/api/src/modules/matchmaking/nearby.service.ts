/**
 * The map of nearby listings (issue 21 "Map"; contracts `matchmaking-map.ts`; decision 0056). The listing of
 * `uniqueKey` must be one the caller manages (a client listing of its guardian, its own caregiver listing; an admin:
 * any); anything else is NOT_FOUND with one body for every case (unknown key, someone else's, archived). The answer
 * holds the OTHER side's listings that are listed (`listed_at` set), not hidden, not archived and — for clients,
 * which have the column — visibility `public`, whose stored position lies within `radiusKm` of the viewer's stored
 * position (great-circle, `distanceKm`), nearest first, at most `MAP_LISTINGS_MAX`. Each is its card (`cards.ts`, the
 * one privacy projection) at its rounded position (`shownPosition`, 0.02°) and the distance in whole kilometres.
 * Every read is audited with ids and counts only.
 */
import { and, between, eq, isNotNull } from 'drizzle-orm';
import {
  MAP_LISTINGS_MAX,
  type CaregiverCard,
  type CaregiverOnMap,
  type ClientCard,
  type ClientOnMap,
  type NearbyMap,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { caregiverCardOf, clientCardOf } from './cards.ts';
import {
  callerAccount,
  managedCaregiverListing,
  managedClientListing,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';
import { distanceKm, shownPosition } from './places.ts';

/** The map query once parsed (contracts `mapQuery`). */
export interface NearbyFilters {
  radiusKm: number;
  availability?: 'available' | 'soon' | 'not_available';
  language?: string;
  canDrive?: 'true' | 'false';
  certification?: string;
  careType?: string;
  hoursCategory?: string;
}

const KM_PER_DEGREE = 111.32;
const same = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
const sortedDistinct = (values: Array<string | null>) =>
  [...new Set(values.filter((value): value is string => Boolean(value?.trim())))].sort((a, b) =>
    a.localeCompare(b),
  );

/** Latitude and longitude bounds of a box around `center` that holds the circle of `radiusKm` (a prefilter). */
function box(center: { latitude: number; longitude: number }, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  return {
    lat: [center.latitude - dLat, center.latitude + dLat] as const,
    lon: [center.longitude - dLon, center.longitude + dLon] as const,
  };
}

type Viewer =
  | { kind: 'client'; row: typeof tinderClients.$inferSelect }
  | { kind: 'caregiver'; row: typeof tinderCaregivers.$inferSelect };

/** The listing of `uniqueKey` when the caller manages it; else NOT_FOUND (one body for every refusal). */
async function viewerListing(deps: MatchmakingDeps, ctx: RequestContext, uniqueKey: string): Promise<Viewer> {
  const account = await callerAccount(deps, ctx);
  const refused = notFound('Map');
  const [client] = await deps.db
    .select({ id: tinderClients.id })
    .from(tinderClients)
    .where(eq(tinderClients.uniqueKey, uniqueKey));
  if (client) {
    const row = await managedClientListing(deps.db, account, client.id).catch(() => {
      throw refused;
    });
    return { kind: 'client', row };
  }
  const [caregiver] = await deps.db
    .select({ id: tinderCaregivers.id })
    .from(tinderCaregivers)
    .where(eq(tinderCaregivers.uniqueKey, uniqueKey));
  if (caregiver) {
    const row = await managedCaregiverListing(deps.db, account, caregiver.id).catch(() => {
      throw refused;
    });
    return { kind: 'caregiver', row };
  }
  throw refused;
}

/** Listings of `rows` within `radiusKm` of `center`, nearest first (ties by id), with their distance in km. */
function within<R extends { id: string; latitude: number | null; longitude: number | null }>(
  rows: R[],
  center: { latitude: number; longitude: number },
  radiusKm: number,
): Array<{ row: R; km: number }> {
  return rows
    .map((row) => ({
      row,
      km:
        row.latitude === null || row.longitude === null
          ? Infinity
          : distanceKm(center, { latitude: row.latitude, longitude: row.longitude }),
    }))
    .filter((entry) => entry.km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.row.id.localeCompare(b.row.id));
}

/** Rows within the radius, nearest first, each as `cardOf` at its rounded position with the distance in whole km. */
const onMap = <R extends { id: string; latitude: number | null; longitude: number | null }, C>(
  rows: R[],
  center: { latitude: number; longitude: number },
  radiusKm: number,
  cardOf: (row: R) => C,
) =>
  within(rows, center, radiusKm).map(({ row, km }) => ({
    card: cardOf(row),
    position: shownPosition({ latitude: row.latitude as number, longitude: row.longitude as number }),
    distanceKm: Math.round(km),
  }));

/** Listed, visible rows of `table` inside the box (a prefilter of the circle). */
const visibleIn = (table: typeof tinderCaregivers | typeof tinderClients, bounds: ReturnType<typeof box>) => [
  isNotNull(table.listedAt),
  eq(table.hidden, false),
  eq(table.archived, false),
  between(table.latitude, bounds.lat[0], bounds.lat[1]),
  between(table.longitude, bounds.lon[0], bounds.lon[1]),
];

const caregiverPasses = (card: CaregiverCard, filters: NearbyFilters) =>
  (!filters.availability || card.availabilityStatus === filters.availability) &&
  (!filters.language || card.languages.some((language) => same(language, filters.language as string))) &&
  (!filters.canDrive || card.canDrive === (filters.canDrive === 'true')) &&
  (!filters.certification || card.certifications.some((cert) => same(cert, filters.certification as string)));

const clientPasses = (card: ClientCard, filters: NearbyFilters) =>
  (!filters.careType || same(card.careType, filters.careType)) &&
  (!filters.hoursCategory || same(card.hoursNeededCategory, filters.hoursCategory));

type Point = { latitude: number; longitude: number };
const emptyOptions = (): NearbyMap['options'] => ({
  languages: [],
  certifications: [],
  careTypes: [],
  hoursCategories: [],
});

/** Listed, visible caregivers near `center`, filtered, and the filter options found before filtering. */
async function caregiversNear(deps: MatchmakingDeps, center: Point, filters: NearbyFilters) {
  const bounds = box(center, filters.radiusKm);
  const rows = await deps.db
    .select()
    .from(tinderCaregivers)
    .where(and(...visibleIn(tinderCaregivers, bounds)));
  const near: CaregiverOnMap[] = onMap(rows, center, filters.radiusKm, caregiverCardOf);
  const options = {
    ...emptyOptions(),
    languages: sortedDistinct(near.flatMap((entry) => entry.card.languages)),
    certifications: sortedDistinct(near.flatMap((entry) => entry.card.certifications)),
  };
  return {
    options,
    caregivers: near.filter((entry) => caregiverPasses(entry.card, filters)).slice(0, MAP_LISTINGS_MAX),
  };
}

/** Listed, visible, public clients near `center`, filtered, and the filter options found before filtering. */
async function clientsNear(deps: MatchmakingDeps, center: Point, filters: NearbyFilters) {
  const bounds = box(center, filters.radiusKm);
  const rows = await deps.db
    .select()
    .from(tinderClients)
    .where(and(...visibleIn(tinderClients, bounds), eq(tinderClients.visibility, 'public')));
  const near: ClientOnMap[] = onMap(rows, center, filters.radiusKm, clientCardOf);
  const options = {
    ...emptyOptions(),
    careTypes: sortedDistinct(near.map((entry) => entry.card.careType)),
    hoursCategories: sortedDistinct(near.map((entry) => entry.card.hoursNeededCategory)),
  };
  return {
    options,
    clients: near.filter((entry) => clientPasses(entry.card, filters)).slice(0, MAP_LISTINGS_MAX),
  };
}

/** The map of the listing `uniqueKey` names (see the module comment). */
export async function nearbyMap(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  uniqueKey: string,
  filters: NearbyFilters,
): Promise<NearbyMap> {
  const viewer = await viewerListing(deps, ctx, uniqueKey);
  const own = viewer.row;
  const center: Point | null =
    own.latitude === null || own.longitude === null
      ? null
      : { latitude: own.latitude, longitude: own.longitude };
  const common = {
    listingId: own.id,
    center: center ? shownPosition(center) : null,
    radiusKm: filters.radiusKm,
  };
  const answer: NearbyMap =
    viewer.kind === 'client'
      ? {
          viewer: 'client',
          ...common,
          ...(center
            ? await caregiversNear(deps, center, filters)
            : { options: emptyOptions(), caregivers: [] }),
        }
      : {
          viewer: 'caregiver',
          ...common,
          ...(center ? await clientsNear(deps, center, filters) : { options: emptyOptions(), clients: [] }),
        };
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_map.read',
    entityType: viewer.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
    entityId: own.id,
    details: {
      radiusKm: filters.radiusKm,
      count: answer.viewer === 'client' ? answer.caregivers.length : answer.clients.length,
      filtered: Object.keys(filters).some((key) => key !== 'radiusKm' && filters[key as keyof NearbyFilters]),
    },
  });
  return answer;
}
