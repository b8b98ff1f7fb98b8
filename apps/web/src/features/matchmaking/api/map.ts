/**
 * The map call (issue 21 "Map"; contracts `matchmakingMapEndpoints`): the viewer's listing and the other side's
 * listings within a radius, with filters. Previous data stays while a new radius or filter loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { matchmakingMapEndpoints as e, type MapQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const mapKeys = {
  of: (uniqueKey: string, query: MapQuery) => ['matchmaking', 'map', uniqueKey, query] as const,
};

/** The map of listing `uniqueKey` (404 for a key the caller does not manage: not retried). */
export const useNearbyMap = (uniqueKey: string, query: MapQuery) =>
  useQuery({
    queryKey: mapKeys.of(uniqueKey, query),
    queryFn: ({ signal }) => apiCall(e.getNearbyMap, { params: { uniqueKey }, query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
