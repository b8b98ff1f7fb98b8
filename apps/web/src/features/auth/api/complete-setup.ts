/**
 * `POST /api/setup` (contracts `setupInput` → 201 `setupResult`): creates the first admin and, when
 * asked, the demo agency. Errors (`ApiError`): 403 FORBIDDEN for a wrong token, 409 CONFLICT when Tend
 * is already set up, 400 VALIDATION_FAILED with field errors.
 */
import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type SetupInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const completeSetup = (input: SetupInput) => apiCall(authEndpoints.completeSetup, { body: input });

export const useCompleteSetup = () => useMutation({ mutationFn: completeSetup });
