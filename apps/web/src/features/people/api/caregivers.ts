/**
 * `/api/caregivers` (admin only): `findCaregivers` (GET, paged list for `CaregiverListQuery`),
 * `getCaregiver`, `createCaregiver`, `updateCaregiver`, `setCaregiverArchived`,
 * `fetchAllCaregivers` (every page, for CSV), their query options and hooks.
 */
import {
  caregiver,
  caregiverPage,
  type Caregiver,
  type CaregiverInput,
  type CaregiverListQuery,
} from '@tend/contracts';
import { createPeopleResource } from './people-resource.ts';

const caregivers = createPeopleResource<
  CaregiverListQuery,
  Caregiver,
  ReturnType<typeof caregiverPage.parse>,
  CaregiverInput
>({
  path: '/api/caregivers',
  key: 'caregivers',
  pageSchema: caregiverPage,
  recordSchema: caregiver,
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
