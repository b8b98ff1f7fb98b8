/**
 * `/api/caregivers` (admin only): `findCaregivers` (GET, paged list for `CaregiverListQuery`),
 * `getCaregiver`, `createCaregiver`, `updateCaregiver`, `setCaregiverArchived`,
 * `fetchAllCaregivers` (every page, for CSV), their query options and hooks.
 */
import { peopleEndpoints, type CaregiverInput, type CaregiverListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { createPeopleResource } from './people-resource.ts';

const caregivers = createPeopleResource({
  key: 'caregivers',
  find: (query: CaregiverListQuery, signal?: AbortSignal) =>
    apiCall(peopleEndpoints.findCaregivers, { query, signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiCall(peopleEndpoints.getCaregiver, { params: { id }, signal }),
  create: (body: CaregiverInput) => apiCall(peopleEndpoints.createCaregiver, { body }),
  update: (id: string, body: CaregiverInput) =>
    apiCall(peopleEndpoints.updateCaregiver, { params: { id }, body }),
  setArchived: (id: string, archived: boolean) =>
    apiCall(peopleEndpoints.setCaregiverArchived, { params: { id }, body: { archived } }),
});

export const caregiverKeys = caregivers.keys;
export const findCaregivers = caregivers.find;
export const getCaregiver = caregivers.get;
export const createCaregiver = caregivers.create;
export const updateCaregiver = caregivers.update;
export const setCaregiverArchived = caregivers.setArchived;
export const fetchAllCaregivers = caregivers.fetchAll;
export const caregiversQueryOptions = caregivers.listOptions;
export const caregiverQueryOptions = caregivers.detailOptions;

export const useCaregivers = caregivers.useList;
export const useCaregiver = caregivers.useOne;
export const useCreateCaregiver = caregivers.useCreate;
export const useUpdateCaregiver = caregivers.useUpdate;
export const useSetCaregiverArchived = caregivers.useSetArchived;
