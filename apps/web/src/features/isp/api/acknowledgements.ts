/**
 * Protocol acknowledgement calls (issue 19; decision 0046) over contracts' `ispAcknowledgementEndpoints`: the signed-in
 * caregiver's protocols and acknowledging one; the admin's rates per client, one client's caregiver × protocol
 * grid, and sending request links.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ispAcknowledgementEndpoints as e } from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import { apiCall } from '../../../lib/api-client.ts';

export const acknowledgementKeys = {
  all: ['acknowledgements'] as const,
  mine: (request: string | null, locale: Locale) => ['acknowledgements', 'mine', request, locale] as const,
  rates: ['acknowledgements', 'rates'] as const,
  client: (clientId: string) => ['acknowledgements', 'rates', clientId] as const,
};

/** The signed-in caregiver's clients and protocols (`request`: only that link's client), thresholds in `locale`. */
export const useMyAcknowledgements = (request: string | null, locale: Locale) =>
  useQuery({
    queryKey: acknowledgementKeys.mine(request, locale),
    queryFn: ({ signal }) =>
      apiCall(e.findMyAcknowledgements, { query: { locale, ...(request ? { request } : {}) }, signal }),
    retry: false,
  });

/** Acknowledges one protocol version; refreshes the caregiver's list. */
export function useAcknowledgeProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (protocolId: string) => apiCall(e.acknowledgeProtocol, { body: { protocolId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: acknowledgementKeys.all }),
  });
}

/** Every client with a verified ISP and its acknowledgement rate. */
export const useAcknowledgementRates = () =>
  useQuery({
    queryKey: acknowledgementKeys.rates,
    queryFn: ({ signal }) => apiCall(e.findAcknowledgementRates, { signal }),
  });

/** One client's caregivers × current protocols (disabled without a client). */
export const useClientAcknowledgements = (clientId: string | null) =>
  useQuery({
    queryKey: acknowledgementKeys.client(clientId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(e.findClientAcknowledgements, { params: { clientId: clientId ?? '' }, signal }),
    enabled: clientId !== null,
  });

/** Sends request links for one client (or every client); refreshes the rates. */
export function useSendAcknowledgementRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string | null) =>
      apiCall(e.sendAcknowledgementRequests, { body: clientId ? { clientId } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: acknowledgementKeys.rates }),
  });
}
