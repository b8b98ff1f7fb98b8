/**
 * The map of nearby listings (issue 21 "Map": `/matchmaking/client/{uniqueKey}/map`, `/matchmaking/caregiver/
 * {uniqueKey}/map`; decision 0056). A family sees caregivers and a caregiver sees clients within a radius, nearest
 * first, each as its card (contracts `matchmaking-cards.ts`) at a rounded position (0.02°) with the distance in
 * whole kilometres. Only listed, visible, public listings appear. Exact home locations are never sent.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { text } from './common.ts';
import { availabilityStatuses } from './matchmaking.ts';
import { caregiverCard, clientCard } from './matchmaking-cards.ts';

export const MAP_RADIUS_MIN_KM = 5;
export const MAP_RADIUS_MAX_KM = 150;
export const MAP_RADIUS_DEFAULT_KM = 25;
/** The radius choices the page offers. */
export const mapRadiusChoices = [5, 10, 25, 50, 100, 150] as const;
/** Most listings one map answer holds (the nearest). */
export const MAP_LISTINGS_MAX = 200;

const optionalFilter = text()
  .trim()
  .max(100, { message: 'must be at most 100 characters' })
  .optional()
  .transform((value) => (value ? value : undefined));

export const mapQuery = z.object({
  radiusKm: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number of kilometres' })
    .min(MAP_RADIUS_MIN_KM, { message: `must be at least ${MAP_RADIUS_MIN_KM} km` })
    .max(MAP_RADIUS_MAX_KM, { message: `must be at most ${MAP_RADIUS_MAX_KM} km` })
    .default(MAP_RADIUS_DEFAULT_KM),
  /** Caregivers (seen by families): availability, a language, can drive, a certification. */
  availability: z.enum(availabilityStatuses).optional(),
  language: optionalFilter,
  canDrive: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  certification: optionalFilter,
  /** Clients (seen by caregivers): care type and hours category. */
  careType: optionalFilter,
  hoursCategory: optionalFilter,
});
export type MapQuery = z.input<typeof mapQuery>;

const position = z.object({ latitude: z.number(), longitude: z.number() });
export type MapPosition = z.infer<typeof position>;

const onMap = { position, distanceKm: z.number().int() };
export const caregiverOnMap = z.object({ card: caregiverCard, ...onMap });
export type CaregiverOnMap = z.infer<typeof caregiverOnMap>;
export const clientOnMap = z.object({ card: clientCard, ...onMap });
export type ClientOnMap = z.infer<typeof clientOnMap>;

/** What the filters can offer: the values found among listings within the radius (before filtering). */
const mapOptions = z.object({
  languages: z.array(z.string()),
  certifications: z.array(z.string()),
  careTypes: z.array(z.string()),
  hoursCategories: z.array(z.string()),
});

const common = {
  listingId: z.uuid(),
  /** The viewer's own listing, at its rounded position (null: no ZIP code yet, so nobody is near). */
  center: position.nullable(),
  radiusKm: z.number().int(),
  options: mapOptions,
};

export const nearbyMap = z.discriminatedUnion('viewer', [
  z.object({ viewer: z.literal('client'), ...common, caregivers: z.array(caregiverOnMap) }),
  z.object({ viewer: z.literal('caregiver'), ...common, clients: z.array(clientOnMap) }),
]);
export type NearbyMap = z.infer<typeof nearbyMap>;

export const matchmakingMapEndpoints = {
  getNearbyMap: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/map/:uniqueKey',
    params: z.object({
      uniqueKey: text().trim().min(1, { message: 'is required' }).max(100, { message: 'is too long' }),
    }),
    query: mapQuery,
    response: { 200: nearbyMap },
  }),
};
