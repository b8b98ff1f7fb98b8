/** `GET /api/outbox` (admin only): one page of recorded and sent messages, newest first → contracts `outboxPage`. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messagingEndpoints, type OutboxListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const findOutbox = (query: OutboxListQuery, signal?: AbortSignal) =>
  apiCall(messagingEndpoints.findOutboxMessages, { query, signal });

export const useOutbox = (query: OutboxListQuery) =>
  useQuery({
    queryKey: ['outbox', query],
    queryFn: ({ signal }) => findOutbox(query, signal),
    placeholderData: keepPreviousData,
  });
