/**
 * Matchmaking entry (issue 21 "Entry"; spec s.2 `/matchmaking`, `/matchmaking/role-select`): the signed-in caller's
 * matchmaking home (role, guardian record, listings with the step to resume at) and the role choice. Decision 0057.
 *
 * - `getMatchmakingHome` → the caller's role, guardian record (id, name, verified) or null, client listings (those of
 *   the caller's guardian record) and caregiver listing, each with its furthest step completed, the next step (null:
 *   every step done) and whether it is listed. Read straight from the tables.
 * - `chooseMatchmakingRole` → the role the account has after (`users/matchmaking-accounts.service.ts` rules) and
 *   where to go next: the next step of an existing listing, else `/matchmaking/guardian/create` or
 *   `/matchmaking/caregiver/new/form`. A refusal is 409 CONFLICT on `role` with the reason.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { role } from './enums.ts';
import { caregiverOnboardingSteps, clientOnboardingSteps } from './matchmaking.ts';

/** One listing on the matchmaking home: enough to resume onboarding, nothing more. */
const homeListing = <S extends readonly [string, ...string[]]>(steps: S) =>
  z.object({
    id: z.uuid(),
    firstName: z.string(),
    uniqueKey: z.string(),
    /** The furthest onboarding step completed (null: none). */
    furthestStep: z.enum(steps).nullable(),
    /** The step to resume at (null: every step is done; the profile page is the place to go). */
    nextStep: z.enum(steps).nullable(),
    listed: z.boolean(),
  });

export const matchmakingHomeClient = homeListing(clientOnboardingSteps);
export type MatchmakingHomeClient = z.infer<typeof matchmakingHomeClient>;
export const matchmakingHomeCaregiver = homeListing(caregiverOnboardingSteps);
export type MatchmakingHomeCaregiver = z.infer<typeof matchmakingHomeCaregiver>;

export const matchmakingHome = z.object({
  role,
  guardian: z.object({ id: z.uuid(), name: z.string(), verified: z.boolean() }).nullable(),
  clients: z.array(matchmakingHomeClient),
  caregiver: matchmakingHomeCaregiver.nullable(),
});
export type MatchmakingHome = z.infer<typeof matchmakingHome>;

/** The two sides a person chooses on `/matchmaking/role-select`. */
export const matchmakingRoleChoices = ['GUARDIAN', 'CAREGIVER'] as const;
export type MatchmakingRoleChoice = (typeof matchmakingRoleChoices)[number];

export const matchmakingRoleInput = z.object({
  role: z.enum(matchmakingRoleChoices, { message: 'must be GUARDIAN or CAREGIVER' }),
});
export type MatchmakingRoleInput = z.infer<typeof matchmakingRoleInput>;

export const matchmakingRoleResult = z.object({
  role,
  /** Where to go next (a same-origin path). */
  next: z.string(),
});
export type MatchmakingRoleResult = z.infer<typeof matchmakingRoleResult>;

export const matchmakingEntryEndpoints = {
  getMatchmakingHome: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/me',
    response: { 200: matchmakingHome },
  }),
  chooseMatchmakingRole: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/role',
    body: matchmakingRoleInput,
    response: { 200: matchmakingRoleResult },
  }),
};
