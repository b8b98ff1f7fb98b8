/**
 * Client listings a guardian makes (issue 21 "Client onboarding"; spec s.3 TinderClient, s.4 onboarding order;
 * docs/matchmaking.md "Guardians and client listings"; decision 0053): step `new` (who the person is, where, what
 * care and how many hours), step `careDetails` (what a caregiver must know), step `listingFinalization` (publish),
 * the guardian's list with where each listing resumes, and archiving.
 *
 * A listing belongs to the guardian record of the account that made it (`managedClientListing`: anyone else gets
 * 404, the same body as an unknown id). The place comes from the ZIP code, offline (`places.ts`): an unknown ZIP is
 * 400 on `zipCode`. Each save is one transaction that also records the step (`recordClientStep`) and the audit
 * event (ids and counts only).
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  ageOn,
  clientListingRequiredFields,
  clientOnboardingSteps,
  hoursCategoryOf,
  MISSING_TO_PUBLISH,
  nextOnboardingStep,
  type ClientListing,
  type ClientListingRequiredField,
  type AuditAction,
  type ClientOnboardingStep,
  type clientCareDetailsInput,
  type clientFinalizeInput,
  type clientListingInput,
} from '@tend/contracts';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { assertFamilyAccount } from './guardian-profiles.service.ts';
import { callerAccount, managedClientListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { tinderClients } from './matchmaking.table.ts';
import { photoUrlOf } from './media-urls.ts';
import { recordClientStep } from './onboarding.ts';
import { placeOfZip } from './places.ts';

type ListingRow = typeof tinderClients.$inferSelect;
type ListingInput = z.output<typeof clientListingInput>;

/** A new listing's public key: 32 random bytes, base64url (43 characters; unguessable, issue 21). */
export function newUniqueKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The required fields (`clientListingRequiredFields`) `row` still lacks, in the contract's order. Pure. */
export function missingListingFields(
  row: Pick<ListingRow, ClientListingRequiredField>,
): ClientListingRequiredField[] {
  return (Object.keys(clientListingRequiredFields) as ClientListingRequiredField[]).filter((field) => {
    const value = row[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

const asStep = (value: string | null): ClientOnboardingStep | null =>
  value && (clientOnboardingSteps as readonly string[]).includes(value)
    ? (value as ClientOnboardingStep)
    : null;

function toListing(row: ListingRow): ClientListing {
  const step = asStep(row.onboardingStep);
  return {
    id: row.id,
    uniqueKey: row.uniqueKey,
    guardianId: row.guardianId,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    sex: row.sex,
    dob: row.dob,
    age: row.age,
    address: row.address,
    zipCode: row.zipCode,
    city: row.city,
    state: row.state,
    languages: row.languages,
    careType: row.careType,
    levelCareNeeded: row.levelCareNeeded,
    hoursNeeded: row.hoursNeeded,
    hoursNeededCategory: row.hoursNeededCategory,
    careNeededDescription: row.careNeededDescription,
    uniqueIssues: row.uniqueIssues,
    weight: row.weight,
    careDetails: row.careDetails ?? null,
    visibility: row.visibility,
    hidden: row.hidden,
    photoUrl: photoUrlOf(row.profilePicture),
    onboardingStep: step,
    nextStep: nextOnboardingStep(clientOnboardingSteps, step),
    listedAt: row.listedAt ? row.listedAt.toISOString() : null,
    missingFields: missingListingFields(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns step `new` writes, from a validated input (400 on `zipCode` for a ZIP that is not a US one). */
function aboutColumns(input: ListingInput, today: string) {
  const place = input.zipCode ? placeOfZip(input.zipCode) : null;
  if (input.zipCode && !place) throw AppError.field('zipCode', 'is not a known US ZIP code');
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    sex: input.sex ?? null,
    dob: input.dob ?? null,
    age: input.dob ? ageOn(input.dob, today) : input.age,
    address: input.address,
    zipCode: place?.zipCode ?? null,
    city: place?.city ?? null,
    state: place?.state ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    languages: input.languages,
    careType: input.careType ?? null,
    levelCareNeeded: input.levelCareNeeded ?? null,
    hoursNeeded: input.hoursNeeded,
    hoursNeededCategory: input.hoursNeededCategory ?? hoursCategoryOf(input.hoursNeeded),
    updatedAt: new Date(),
  };
}

const todayIso = () => new Date().toISOString().slice(0, 10);

async function reload(executor: Executor, id: string): Promise<ClientListing> {
  const [row] = await executor.select().from(tinderClients).where(eq(tinderClients.id, id));
  return toListing(row as ListingRow);
}

/** Records `step` on listing `id` and audits `action`, in transaction `tx`. */
async function recordClientStepAndAudit(
  tx: Executor,
  ctx: RequestContext,
  id: string,
  step: ClientOnboardingStep,
  action: AuditAction,
  details: Record<string, string | number | boolean> = {},
) {
  const furthest = await recordClientStep(tx, id, step);
  await recordAudit(tx, ctx, {
    action,
    entityType: 'tinder_client',
    entityId: id,
    details: { step, furthest, ...details },
  });
}

/**
 * `POST /api/matchmaking/clients` (step `new`): a listing for the caller's guardian record with a new `uniqueKey`.
 * CONFLICT on `guardian` when the account has no guardian record yet (make one first); FORBIDDEN for an account
 * that cannot act as a family.
 */
export async function createClientListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: ListingInput,
): Promise<ClientListing> {
  const account = await callerAccount(deps, ctx);
  assertFamilyAccount(account);
  const guardianId = account.guardianId;
  if (!guardianId)
    throw new AppError('CONFLICT', 'guardian make the guardian profile first', [
      { path: 'guardian', message: 'make the guardian profile first' },
    ]);
  const columns = aboutColumns(input, todayIso());
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tinderClients)
      .values({
        ...columns,
        guardianId,
        uniqueKey: newUniqueKey(),
        visibility: input.visibility ?? 'public',
      })
      .returning({ id: tinderClients.id });
    const id = (row as { id: string }).id;
    await recordClientStepAndAudit(tx, ctx, id, 'new', 'matchmaking_client.create');
    return reload(tx, id);
  });
}

/** `GET /api/matchmaking/clients`: the caller's guardian's listings (archived left out), oldest first. Audited. */
export async function listClientListings(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<{ items: ClientListing[] }> {
  const account = await callerAccount(deps, ctx);
  const rows = account.guardianId
    ? await deps.db
        .select()
        .from(tinderClients)
        .where(and(eq(tinderClients.guardianId, account.guardianId), eq(tinderClients.archived, false)))
        .orderBy(asc(tinderClients.createdAt), asc(tinderClients.id))
    : [];
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_client.list',
    entityType: 'tinder_client',
    details: { count: rows.length },
  });
  return { items: rows.map(toListing) };
}

/** `GET /api/matchmaking/clients/:id`: one listing the caller manages, in full (else NOT_FOUND). Audited. */
export async function getClientListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
): Promise<ClientListing> {
  const account = await callerAccount(deps, ctx);
  const row = await managedClientListing(deps.db, account, id);
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_client.read',
    entityType: 'tinder_client',
    entityId: id,
  });
  return toListing(row);
}

/** Runs `write` on listing `id` the caller manages, in one transaction (NOT_FOUND when not theirs). */
async function withManagedListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  write: (tx: Executor, row: ListingRow) => Promise<void>,
): Promise<ClientListing> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const row = await managedClientListing(tx, account, id);
    await write(tx, row);
    return reload(tx, id);
  });
}

/** `PUT /api/matchmaking/clients/:id` (step `new` again): replaces what step `new` wrote. */
export function updateClientListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: ListingInput,
): Promise<ClientListing> {
  const columns = aboutColumns(input, todayIso());
  return withManagedListing(deps, ctx, id, async (tx) => {
    await tx
      .update(tinderClients)
      .set({ ...columns, ...(input.visibility ? { visibility: input.visibility } : {}) })
      .where(eq(tinderClients.id, id));
    await recordClientStepAndAudit(tx, ctx, id, 'new', 'matchmaking_client.update');
  });
}

/** `PUT /api/matchmaking/clients/:id/care-details` (step `careDetails`). */
export function saveClientCareDetails(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof clientCareDetailsInput>,
): Promise<ClientListing> {
  return withManagedListing(deps, ctx, id, async (tx) => {
    await tx
      .update(tinderClients)
      .set({
        careNeededDescription: input.careNeededDescription,
        uniqueIssues: input.uniqueIssues,
        weight: input.weight,
        careDetails: input.careDetails,
        updatedAt: new Date(),
      })
      .where(eq(tinderClients.id, id));
    await recordClientStepAndAudit(tx, ctx, id, 'careDetails', 'matchmaking_client.care_details');
  });
}

/**
 * `POST /api/matchmaking/clients/:id/finalize` (step `listingFinalization`): sets visibility and hidden and
 * publishes (`listedAt`, once). 400 naming each field of `clientListingRequiredFields` still missing, writing nothing.
 */
export function finalizeClientListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof clientFinalizeInput>,
): Promise<ClientListing> {
  return withManagedListing(deps, ctx, id, async (tx, row) => {
    const missing = missingListingFields(row);
    if (missing.length > 0)
      throw new AppError(
        'VALIDATION_FAILED',
        `The listing cannot be published yet: ${missing.join(', ')} missing`,
        missing.map((path) => ({ path, message: MISSING_TO_PUBLISH })),
      );
    await tx
      .update(tinderClients)
      .set({ visibility: input.visibility, hidden: input.hidden, updatedAt: new Date() })
      .where(eq(tinderClients.id, id));
    await recordClientStepAndAudit(tx, ctx, id, 'listingFinalization', 'matchmaking_client.finalize', {
      hidden: input.hidden,
    });
  });
}

/** `POST /api/matchmaking/clients/:id/archive`: takes the listing off the map and the guardian's list for good. */
export async function archiveClientListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
): Promise<ClientListing> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    await managedClientListing(tx, account, id);
    await tx
      .update(tinderClients)
      .set({ archived: true, updatedAt: new Date() })
      .where(eq(tinderClients.id, id));
    await recordAudit(tx, ctx, {
      action: 'matchmaking_client.archive',
      entityType: 'tinder_client',
      entityId: id,
    });
    return reload(tx, id);
  });
}
