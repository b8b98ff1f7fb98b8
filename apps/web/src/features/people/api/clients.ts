/**
 * `/api/clients` (admin only): `findClients` (GET, paged list for `ClientListQuery`), `getClient`
 * (GET /:id), `createClient` (POST → 201), `updateClient` (PUT /:id), `setClientArchived`
 * (POST /:id/archive), `fetchAllClients` (every page, for CSV), their query options and hooks.
 * A client change also refreshes case-manager lists (their `clientCount`).
 */
import { peopleEndpoints, type ClientInput, type ClientListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { createPeopleResource } from './people-resource.ts';

const clients = createPeopleResource({
  key: 'clients',
  related: ['case-managers'],
  find: (query: ClientListQuery, signal?: AbortSignal) =>
    apiCall(peopleEndpoints.findClients, { query, signal }),
  get: (id: string, signal?: AbortSignal) => apiCall(peopleEndpoints.getClient, { params: { id }, signal }),
  create: (body: ClientInput) => apiCall(peopleEndpoints.createClient, { body }),
  update: (id: string, body: ClientInput) => apiCall(peopleEndpoints.updateClient, { params: { id }, body }),
  setArchived: (id: string, archived: boolean) =>
    apiCall(peopleEndpoints.setClientArchived, { params: { id }, body: { archived } }),
});

export const clientKeys = clients.keys;
export const findClients = clients.find;
export const getClient = clients.get;
export const createClient = clients.create;
export const updateClient = clients.update;
export const setClientArchived = clients.setArchived;
export const fetchAllClients = clients.fetchAll;
export const clientsQueryOptions = clients.listOptions;
export const clientQueryOptions = clients.detailOptions;

/** The page of clients for the query (previous page kept while the next loads). */
export const useClients = clients.useList;
export const useClient = clients.useOne;
export const useCreateClient = clients.useCreate;
export const useUpdateClient = clients.useUpdate;
export const useSetClientArchived = clients.useSetArchived;
