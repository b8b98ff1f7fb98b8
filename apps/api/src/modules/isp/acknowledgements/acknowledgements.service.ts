/**
 * Caregivers acknowledge the protocols of the clients they serve (issue 19; docs/isp-acknowledgements.md; decision
 * 0046). The rules, each in one function here:
 * - current protocols of a client: the current version (not superseded) of each FINALIZED, not excluded protocol of
 *   the client's latest VERIFIED ISP (`currentProtocols`);
 * - caregivers serving a client: a live shift for the client dated from {@link ACKNOWLEDGEMENT_SERVING_DAYS} days
 *   before today (agency time zone) on (`servingPairs`, through module shifts' `shiftFacts`);
 * - the caregiver behind a signed-in CAREGIVER account: the caregiver record the account is linked to
 *   (`caregiversOfActor`, through module users' `findAccountPerson`; decision 0050);
 * - a request link names one caregiver and one client; only the SHA-256 of its token is stored; it opens for an
 *   account behind that caregiver until it expires, and is 404 for anyone else.
 * Every read and write is audited with ids and counts, never a protocol's text, a name or a token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACKNOWLEDGEMENT_REQUEST_DAYS,
  ACKNOWLEDGEMENT_SERVING_DAYS,
  type Acknowledgement,
  type AcknowledgementClient,
  type AcknowledgementClientDetail,
  type AcknowledgementRate,
  type AcknowledgementRequestResult,
  type MyAcknowledgements,
} from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database, Executor } from '../../../platform/db/client.ts';
import type { RequestContext } from '../../../platform/http/context.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { MessagingError, type MessagingService } from '../../../platform/messaging/messaging.service.ts';
import { renderEmail, renderSms } from '../../../platform/messaging/templates.ts';
import { caregiverContactFacts } from '../../people/caregiver-contacts.ts';
import { clientFacts } from '../../people/people-facts.ts';
import { shiftFacts } from '../../shifts/shift-facts.ts';
import {
  findCaregiverAccountsByEmail,
  type CaregiverAccount,
} from '../../users/caregiver-accounts.service.ts';
import { findAccountPerson } from '../../users/account-people.service.ts';
import { labeler } from '../export/labels.ts';
import { currentPlans, toCurrentProtocol, type CurrentPlan } from '../current-plans.ts';
import { isps, protocols } from '../isp.table.ts';
import { acknowledgementRequests, protocolAcknowledgements } from './acknowledgements.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the acknowledgement services use. */
export interface AcknowledgementDeps {
  db: Database;
  messaging: MessagingService;
  /** The public origin links point at, e.g. `https://tend.example.org` (no trailing slash). */
  publicUrl: string;
  /** IANA zone of the agency: "today" for the serving window, dates in messages. */
  agencyTimeZone: string;
}

/** Hex SHA-256 of a request token (what is stored and looked up). */
export function hashRequestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The acknowledgement page's link for `token`: `<publicUrl>/acknowledge?request=<token>`. */
export function acknowledgementLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/acknowledge?request=${encodeURIComponent(token)}`;
}

/** acknowledged / expected as a whole percent rounded down, null when nothing is expected. */
export function ratePercent(acknowledged: number, expected: number): number | null {
  return expected === 0 ? null : Math.floor((acknowledged * 100) / expected);
}

/**
 * The caregiver (id) behind the signed-in account: the caregiver record a CAREGIVER account is linked to (module
 * users' `findAccountPerson`; linked by an admin or by the caregiver's first sign-in with their email, decision
 * 0050), none for any other account or an unlinked one.
 */
async function caregiversOfActor(executor: Executor, ctx: RequestContext): Promise<string[]> {
  const actor = ctx.actor;
  if (!actor || actor.role !== 'CAREGIVER') return [];
  const person = await findAccountPerson(executor, actor.userAccountId);
  return person?.isActive && person.caregiverId ? [person.caregiverId] : [];
}

/** One caregiver serving one client, with the date of their latest shift for the client in the window. */
interface ServingPair {
  caregiverId: string;
  clientId: string;
  lastShiftDate: string;
}

/** Caregiver × client pairs with a live shift dated in the serving window, limited to the ids given. */
async function servingPairs(
  executor: Executor,
  timeZone: string,
  filter: { caregiverIds?: string[]; clientIds?: string[] },
): Promise<ServingPair[]> {
  if (filter.caregiverIds?.length === 0 || filter.clientIds?.length === 0) return [];
  const byCaregiver = filter.caregiverIds
    ? sql`and s.caregiver_id = any(${sql.param(filter.caregiverIds)}::uuid[])`
    : sql``;
  const byClient = filter.clientIds
    ? sql`and s.client_id = any(${sql.param(filter.clientIds)}::uuid[])`
    : sql``;
  const result = await executor.execute<{ caregiver_id: string; client_id: string; last_date: string }>(sql`
    select s.caregiver_id, s.client_id, max(s.date)::text as last_date
    from ${shiftFacts('s')}
    where s.deleted_at is null and s.caregiver_id is not null and s.client_id is not null
      and s.date >= (now() at time zone ${timeZone})::date - ${ACKNOWLEDGEMENT_SERVING_DAYS}::int
      ${byCaregiver} ${byClient}
    group by s.caregiver_id, s.client_id`);
  return result.rows.map((row) => ({
    caregiverId: row.caregiver_id,
    clientId: row.client_id,
    lastShiftDate: row.last_date,
  }));
}

/** `caregiverId:protocolId` → acknowledged instant, for the ids given. */
async function acknowledgementsOf(
  executor: Executor,
  caregiverIds: string[],
  protocolIds: string[],
): Promise<Map<string, Date>> {
  if (!caregiverIds.length || !protocolIds.length) return new Map();
  const rows = await executor
    .select({
      caregiverId: protocolAcknowledgements.caregiverId,
      protocolId: protocolAcknowledgements.protocolId,
      at: protocolAcknowledgements.acknowledgedAt,
    })
    .from(protocolAcknowledgements)
    .where(
      and(
        inArray(protocolAcknowledgements.caregiverId, caregiverIds),
        inArray(protocolAcknowledgements.protocolId, protocolIds),
      ),
    );
  return new Map(rows.map((row) => [`${row.caregiverId}:${row.protocolId}`, row.at]));
}

/** Names of clients by id. */
async function clientNames(executor: Executor, clientIds: string[]): Promise<Map<string, string>> {
  if (!clientIds.length) return new Map();
  const result = await executor.execute<{ id: string; name: string }>(sql`
    select c.id, c.name from ${clientFacts('c')} where c.id = any(${sql.param(clientIds)}::uuid[])`);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

/** The unexpired request of `token` (any caregiver), or null. */
async function openRequest(executor: Executor, token: string) {
  const [row] = await executor
    .select()
    .from(acknowledgementRequests)
    .where(
      and(
        eq(acknowledgementRequests.tokenHash, hashRequestToken(token)),
        sql`${acknowledgementRequests.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

/**
 * The signed-in caregiver's clients and their current protocols with the caregiver's acknowledgements; with
 * `request`, only that request's client. Audited `acknowledgement.list`. Errors: NOT_FOUND when the request token
 * is unknown, expired, or was sent to another caregiver (nothing is shown). An account that is no caregiver's
 * serves nobody: an empty list.
 */
export async function getMyAcknowledgements(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  query: { request?: string | undefined; locale: Locale },
): Promise<MyAcknowledgements> {
  const { db } = deps;
  const caregiverIds = await caregiversOfActor(db, ctx);
  let pairs: { caregiverId: string; clientId: string }[];
  let requestId: string | null = null;
  if (query.request !== undefined) {
    const request = await openRequest(db, query.request);
    if (!request || !caregiverIds.includes(request.caregiverId)) {
      await recordAudit(db, ctx, {
        action: 'acknowledgement.list',
        entityType: 'acknowledgement_request',
        entityId: request?.id ?? null,
        outcome: 'denied',
        details: { reason: request ? 'other_caregiver' : 'unknown_or_expired' },
      });
      throw notFound('Acknowledgement request');
    }
    requestId = request.id;
    pairs = [{ caregiverId: request.caregiverId, clientId: request.clientId }];
  } else {
    pairs = await servingPairs(db, deps.agencyTimeZone, { caregiverIds });
  }
  const clientIds = [...new Set(pairs.map((pair) => pair.clientId))];
  const plans = await currentPlans(db, clientIds);
  const allProtocolIds = [...plans.values()].flatMap((plan) => plan.protocols.map((row) => row.id));
  const acknowledged = await acknowledgementsOf(db, caregiverIds, allProtocolIds);
  const names = await clientNames(db, clientIds);
  const label = labeler(query.locale, deps.agencyTimeZone);
  const clients: AcknowledgementClient[] = [];
  for (const clientId of clientIds) {
    const plan = plans.get(clientId);
    if (!plan || !plan.protocols.length) continue;
    const mine = pairs.filter((pair) => pair.clientId === clientId).map((pair) => pair.caregiverId);
    const items = plan.protocols.map((row) => {
      const at = mine.map((id) => acknowledged.get(`${id}:${row.id}`)).find(Boolean) ?? null;
      return { ...toCurrentProtocol(row, label, query.locale), acknowledgedAt: at?.toISOString() ?? null };
    });
    clients.push({
      clientId,
      clientName: names.get(clientId) ?? '',
      ispId: plan.ispId,
      protocols: items,
      pending: items.filter((item) => !item.acknowledgedAt).length,
    });
  }
  clients.sort((a, b) => b.pending - a.pending || a.clientName.localeCompare(b.clientName));
  const pending = clients.reduce((sum, client) => sum + client.pending, 0);
  await recordAudit(db, ctx, {
    action: 'acknowledgement.list',
    entityType: 'protocol_acknowledgement',
    details: {
      requestId,
      clientIds: clients.map((client) => client.clientId),
      protocols: clients.reduce((sum, client) => sum + client.protocols.length, 0),
      pending,
    },
  });
  return { clients, pending };
}

/**
 * Records that the signed-in caregiver read and understands protocol `protocolId` (that version). The protocol must
 * be current for a client the caregiver serves, or one an unexpired request sent to them names; else NOT_FOUND (a
 * superseded version too: its newer version is the one to acknowledge). Acknowledging again returns the first
 * acknowledgement. Audited `acknowledgement.create` (new ones only).
 */
export async function acknowledgeProtocol(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  protocolId: string,
): Promise<Acknowledgement> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const caregiverIds = await caregiversOfActor(tx, ctx);
    const [row] = await tx
      .select({ id: protocols.id, version: protocols.version, clientId: isps.clientId })
      .from(protocols)
      .innerJoin(isps, eq(isps.id, protocols.ispId))
      .where(eq(protocols.id, protocolId));
    if (!row || !caregiverIds.length) throw notFound('Protocol');
    const plan = (await currentPlans(tx, [row.clientId])).get(row.clientId);
    if (!plan?.protocols.some((current) => current.id === protocolId)) throw notFound('Protocol');
    const serving = (
      await servingPairs(tx, deps.agencyTimeZone, { caregiverIds, clientIds: [row.clientId] })
    ).map((pair) => pair.caregiverId);
    const requested = await tx
      .select({ id: acknowledgementRequests.id, caregiverId: acknowledgementRequests.caregiverId })
      .from(acknowledgementRequests)
      .where(
        and(
          eq(acknowledgementRequests.clientId, row.clientId),
          inArray(acknowledgementRequests.caregiverId, caregiverIds),
          sql`${acknowledgementRequests.expiresAt} > now()`,
        ),
      )
      .orderBy(desc(acknowledgementRequests.sentAt));
    const caregiverId = serving[0] ?? requested[0]?.caregiverId;
    if (!caregiverId) throw notFound('Protocol');
    const requestId = requested.find((request) => request.caregiverId === caregiverId)?.id ?? null;
    const [created] = await tx
      .insert(protocolAcknowledgements)
      .values({
        protocolId,
        version: row.version,
        caregiverId,
        acknowledgedBy: ctx.actor?.userAccountId,
        requestId,
      })
      .onConflictDoNothing()
      .returning();
    if (created)
      await recordAudit(tx, ctx, {
        action: 'acknowledgement.create',
        entityType: 'protocol',
        entityId: protocolId,
        details: { caregiverId, version: row.version, requestId },
      });
    const stored =
      created ??
      (
        await tx
          .select()
          .from(protocolAcknowledgements)
          .where(
            and(
              eq(protocolAcknowledgements.protocolId, protocolId),
              eq(protocolAcknowledgements.caregiverId, caregiverId),
            ),
          )
      )[0];
    if (!stored) throw new AppError('INTERNAL');
    return {
      protocolId,
      version: stored.version,
      caregiverId,
      acknowledgedAt: stored.acknowledgedAt.toISOString(),
    };
  });
}

/** The rate rows (and the pieces the detail needs) of the clients given, all with a VERIFIED ISP when absent. */
async function rates(deps: AcknowledgementDeps, clientIds?: string[]) {
  const { db } = deps;
  const plans = await currentPlans(db, clientIds);
  const ids = [...plans.keys()];
  const pairs = await servingPairs(db, deps.agencyTimeZone, { clientIds: ids });
  const protocolIds = [...plans.values()].flatMap((plan) => plan.protocols.map((row) => row.id));
  const acknowledged = await acknowledgementsOf(
    db,
    [...new Set(pairs.map((pair) => pair.caregiverId))],
    protocolIds,
  );
  const names = await clientNames(db, ids);
  const lastSent = new Map<string, Date>();
  if (ids.length) {
    const sent = await db
      .select({
        clientId: acknowledgementRequests.clientId,
        at: sql<Date>`max(${acknowledgementRequests.sentAt})`.mapWith(acknowledgementRequests.sentAt),
      })
      .from(acknowledgementRequests)
      .where(inArray(acknowledgementRequests.clientId, ids))
      .groupBy(acknowledgementRequests.clientId);
    for (const row of sent) lastSent.set(row.clientId, row.at);
  }
  const items: (AcknowledgementRate & { plan: CurrentPlan; pairs: ServingPair[] })[] = [];
  for (const plan of plans.values()) {
    const serving = pairs.filter((pair) => pair.clientId === plan.clientId);
    let count = 0;
    for (const pair of serving)
      for (const row of plan.protocols) if (acknowledged.has(`${pair.caregiverId}:${row.id}`)) count += 1;
    const expected = serving.length * plan.protocols.length;
    items.push({
      clientId: plan.clientId,
      clientName: names.get(plan.clientId) ?? '',
      ispId: plan.ispId,
      caregivers: serving.length,
      protocols: plan.protocols.length,
      acknowledged: count,
      expected,
      ratePercent: ratePercent(count, expected),
      lastSentAt: lastSent.get(plan.clientId)?.toISOString() ?? null,
      plan,
      pairs: serving,
    });
  }
  items.sort((a, b) => a.clientName.localeCompare(b.clientName) || a.clientId.localeCompare(b.clientId));
  return { items, acknowledged };
}

/** Per client with a VERIFIED ISP: caregivers serving, current protocols, acknowledged / expected pairs. Audited. */
export async function listAcknowledgementRates(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
): Promise<{ items: AcknowledgementRate[] }> {
  const { items } = await rates(deps);
  await recordAudit(deps.db, ctx, {
    action: 'acknowledgement_rate.list',
    entityType: 'client',
    details: { clients: items.length },
  });
  return { items: items.map(({ plan: _plan, pairs: _pairs, ...rate }) => rate) };
}

/**
 * One client's rate with caregiver × protocol: when each caregiver acknowledged each current protocol. Audited
 * `acknowledgement_rate.read`. Errors: NOT_FOUND when the client has no VERIFIED ISP (or does not exist).
 */
export async function getClientAcknowledgements(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  clientId: string,
): Promise<AcknowledgementClientDetail> {
  const { items, acknowledged } = await rates(deps, [clientId]);
  const item = items[0];
  if (!item) throw notFound('Verified ISP of the client');
  const reach = await caregiverReach(
    deps.db,
    item.pairs.map((pair) => pair.caregiverId),
  );
  const caregiverRows = item.pairs
    .map((pair) => {
      const contact = reach.contacts.get(pair.caregiverId);
      return {
        caregiverId: pair.caregiverId,
        name: contact?.name ?? '',
        hasAccount: accountOf(contact, reach.accounts) !== undefined,
        lastShiftDate: pair.lastShiftDate,
        acknowledgedAt: item.plan.protocols.map(
          (row) => acknowledged.get(`${pair.caregiverId}:${row.id}`)?.toISOString() ?? null,
        ),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.caregiverId.localeCompare(b.caregiverId));
  await recordAudit(deps.db, ctx, {
    action: 'acknowledgement_rate.read',
    entityType: 'client',
    entityId: clientId,
    details: { caregivers: caregiverRows.length, protocols: item.protocols },
  });
  const { plan, pairs: _pairs, ...rate } = item;
  return {
    ...rate,
    currentProtocols: plan.protocols.map((row) => ({
      protocolId: row.id,
      riskType: row.riskType,
      version: row.version,
      serious: row.serious,
    })),
    caregiverRows,
  };
}

/** A caregiver's name and emails (module people's `caregiverContactFacts`). */
type CaregiverContact = {
  id: string;
  name: string;
  email: string | null;
  emails: string[] | null;
};

/** Where requests can reach the caregivers given: their contacts by id, and their CAREGIVER accounts by email. */
interface CaregiverReach {
  contacts: Map<string, CaregiverContact>;
  /** Lower-cased email → account (`findCaregiverAccountsByEmail`). */
  accounts: Map<string, CaregiverAccount>;
}

/** The contacts of `caregiverIds` and the CAREGIVER accounts behind any of their emails (two queries at most). */
async function caregiverReach(db: Database, caregiverIds: string[]): Promise<CaregiverReach> {
  const contacts = caregiverIds.length
    ? (
        await db.execute<CaregiverContact>(sql`
          select c.id, c.name, c.email, c.emails from ${caregiverContactFacts('c')}
          where c.id = any(${sql.param(caregiverIds)}::uuid[])`)
      ).rows
    : [];
  const accounts = await findCaregiverAccountsByEmail(
    db,
    contacts.flatMap((contact) => [contact.email ?? '', ...(contact.emails ?? [])]),
  );
  return { contacts: new Map(contacts.map((contact) => [contact.id, contact])), accounts };
}

/** The account behind a caregiver (module comment): the first of their emails, case ignored, that has one. */
function accountOf(contact: CaregiverContact | undefined, accounts: Map<string, CaregiverAccount>) {
  return [contact?.email ?? '', ...(contact?.emails ?? [])]
    .map((email) => accounts.get(email.trim().toLowerCase()))
    .find(Boolean);
}

/** One request to send: the caregiver, the client, the account it goes to and how many protocols are pending. */
interface RequestTarget {
  caregiverId: string;
  clientId: string;
  account: CaregiverAccount;
  pending: number;
}

/**
 * Sends one request link (see `sendAcknowledgementRequests`): stores the request (token hashed, valid
 * {@link ACKNOWLEDGEMENT_REQUEST_DAYS} days), emails the account, and texts its phone if any. The channels it went
 * by (an SMS that failed is dropped from them); null when the email failed, and the request is then deleted.
 * Errors other than `MessagingError` are thrown.
 */
async function deliverRequest(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  target: RequestTarget,
): Promise<('email' | 'sms')[] | null> {
  const { db } = deps;
  const { account } = target;
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ACKNOWLEDGEMENT_REQUEST_DAYS * DAY_MS);
  const channels: ('email' | 'sms')[] = account.phone ? ['email', 'sms'] : ['email'];
  const [request] = await db
    .insert(acknowledgementRequests)
    .values({
      tokenHash: hashRequestToken(token),
      caregiverId: target.caregiverId,
      clientId: target.clientId,
      userAccountId: account.id,
      channels,
      sentBy: ctx.actor?.userAccountId ?? null,
      expiresAt: expires,
    })
    .returning({ id: acknowledgementRequests.id });
  if (!request) throw new AppError('INTERNAL');
  const link = acknowledgementLink(deps.publicUrl, token);
  const values = { link, count: target.pending, expires };
  const related = {
    relatedEntityType: 'acknowledgement_request',
    relatedEntityId: request.id,
    secrets: [link, token],
  };
  try {
    await deps.messaging.sendEmail({
      to: account.email,
      ...renderEmail(account.locale ?? 'bilingual', 'acknowledgementRequest', values, deps.agencyTimeZone),
      ...related,
    });
  } catch (error) {
    if (!(error instanceof MessagingError)) throw error;
    await db.delete(acknowledgementRequests).where(eq(acknowledgementRequests.id, request.id));
    return null;
  }
  if (account.phone) {
    try {
      await deps.messaging.sendSms({
        to: account.phone,
        body: renderSms(account.locale ?? 'en', 'acknowledgementRequest', values),
        ...related,
      });
    } catch (error) {
      if (!(error instanceof MessagingError)) throw error;
      channels.pop();
      await db
        .update(acknowledgementRequests)
        .set({ channels })
        .where(eq(acknowledgementRequests.id, request.id));
    }
  }
  return channels;
}

/**
 * Sends the requests of one client's rate row: to each serving caregiver with a pending current protocol and an
 * account (`deliverRequest`); the others go to `result.unreachable` with the reason. Audited
 * `acknowledgement_request.send` (counts).
 */
async function requestForClient(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  item: { clientId: string; ispId: string; plan: CurrentPlan; pairs: ServingPair[] },
  acknowledged: Map<string, Date>,
  reach: CaregiverReach,
  result: AcknowledgementRequestResult,
): Promise<void> {
  let sentHere = 0;
  let unreachableHere = 0;
  for (const pair of item.pairs) {
    const contact = reach.contacts.get(pair.caregiverId);
    const who = { caregiverId: pair.caregiverId, name: contact?.name ?? '', clientId: item.clientId };
    const pending = item.plan.protocols.filter(
      (row) => !acknowledged.has(`${pair.caregiverId}:${row.id}`),
    ).length;
    const account = accountOf(contact, reach.accounts);
    if (!pending || !account) {
      result.unreachable.push({ ...who, reason: pending ? 'no-account' : 'nothing-pending' });
      unreachableHere += 1;
      continue;
    }
    const channels = await deliverRequest(deps, ctx, {
      caregiverId: pair.caregiverId,
      clientId: item.clientId,
      account,
      pending,
    });
    if (!channels) {
      result.unreachable.push({ ...who, reason: 'send-failed' });
      unreachableHere += 1;
      continue;
    }
    result.sent.push({ ...who, channels });
    sentHere += 1;
  }
  await recordAudit(deps.db, ctx, {
    action: 'acknowledgement_request.send',
    entityType: 'client',
    entityId: item.clientId,
    details: { ispId: item.ispId, sent: sentHere, unreachable: unreachableHere },
  });
}

/**
 * Sends a request link to each caregiver serving the client (every client with a VERIFIED ISP when `clientId` is
 * absent) who has a pending current protocol: by email to their CAREGIVER account (in its language, or both when it
 * chose none), and by SMS too when the account has a phone. The token is random (32 bytes, base64url), stored hashed,
 * valid {@link ACKNOWLEDGEMENT_REQUEST_DAYS} days; the outbox keeps the message with the link redacted. Caregivers
 * with nothing pending, without an account, or whose email failed are listed in `unreachable`. Audited
 * `acknowledgement_request.send` per client (counts). Errors: NOT_FOUND when `clientId` has no VERIFIED ISP.
 */
export async function sendAcknowledgementRequests(
  deps: AcknowledgementDeps,
  ctx: RequestContext,
  clientId: string | undefined,
): Promise<AcknowledgementRequestResult> {
  const { items, acknowledged } = await rates(deps, clientId ? [clientId] : undefined);
  if (clientId && !items.length) throw notFound('Verified ISP of the client');
  const caregiverIds = [...new Set(items.flatMap((item) => item.pairs.map((pair) => pair.caregiverId)))];
  const reach = await caregiverReach(deps.db, caregiverIds);
  const result: AcknowledgementRequestResult = { clients: items.length, sent: [], unreachable: [] };
  for (const item of items) await requestForClient(deps, ctx, item, acknowledged, reach, result);
  return result;
}
