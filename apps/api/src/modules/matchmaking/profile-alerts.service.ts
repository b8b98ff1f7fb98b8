/**
 * Profile-completeness alerts (issue 21 "Profile-completeness alerts with severity, dismissible, shown on profiles";
 * spec s.3 DismissedProfileAlert; contracts `matchmaking-alerts.ts`; decision 0056).
 *
 * Alerts are computed from the listing every time (never stored). A dismissal is a `dismissed_profile_alert` row:
 * `user_id` is the LISTING's id and `user_type` its side (CLIENT / CAREGIVER), since one guardian manages several
 * client listings. Rules:
 * - a `high` alert cannot be dismissed (400 on `alertField`), and shows even when an earlier dismissal exists (an
 *   alert whose severity rose to high comes back);
 * - a dismissed alert stays hidden while its fact holds; once the fact is fixed (the alert is no longer computed) the
 *   dismissal is deleted on the next read, so the alert shows again if the fact comes back (a photo removed later);
 * - dismissing an alert that is not currently shown is 400 (nothing to dismiss).
 * Reads of someone else's listing (an admin's) and every write are audited with ids and counts only.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  BACKGROUND_CHECK_WARNING_DAYS,
  caregiverStepPath,
  clientStepPath,
  isEmptySchedule,
  profileAlertSeverities,
  type ProfileAlert,
  type ProfileAlertField,
  type ProfileAlertList,
  type ProfileAlertSeverity,
  type WeeklyGrid,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  callerAccount,
  managedCaregiverListing,
  managedClientListing,
  ownCaregiverListing,
  type MatchmakingAccount,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import {
  caregiverSchedules,
  clientSchedules,
  dismissedProfileAlerts,
  textBios,
  videoBios,
  type tinderCaregivers,
  type tinderClients,
} from './matchmaking.table.ts';

/** Which listing, as the query names it (`client:<id>`, `caregiver`, `caregiver:<id>`). */
export interface AlertListingRef {
  kind: 'client' | 'caregiver';
  id: string | null;
}

type Candidate = Omit<ProfileAlert, 'dismissible'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` of `now` in UTC (dates of checks and availability are calendar dates). */
const isoDay = (now: Date) => now.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** One rule: whether the alert holds, its field, severity, fixing page and date (YYYY-MM-DD, or none). */
type Rule = [
  holds: boolean,
  field: ProfileAlertField,
  severity: ProfileAlertSeverity,
  fixPath: string,
  date?: string | null,
];
const alertsOf = (rules: Rule[]): Candidate[] =>
  rules
    .filter(([holds]) => holds)
    .map(([, field, severity, fixPath, date]) => ({ field, severity, fixPath, date: date ?? null }));

/**
 * The alerts of client listing `row` (before dismissals): no location (ZIP) high, no care details high, no schedule
 * high, no description of the care needed medium, no languages medium, not verified medium (families verify with a
 * case manager's code, which not every family has), no photo low.
 */
export function clientAlertsOf(
  row: typeof tinderClients.$inferSelect,
  facts: { schedule: WeeklyGrid | null },
): Candidate[] {
  const path = (step: Parameters<typeof clientStepPath>[0]) => clientStepPath(step, row.id);
  return alertsOf([
    [row.latitude === null || row.longitude === null, 'location', 'high', path('new')],
    [!row.careType, 'careDetails', 'high', path('careDetails')],
    [isEmptySchedule(facts.schedule), 'schedule', 'high', path('scheduleMaker')],
    [!row.careNeededDescription?.trim(), 'description', 'medium', path('careDetails')],
    [row.languages.length === 0, 'languages', 'medium', path('careDetails')],
    [!row.verifiedAt, 'verification', 'medium', '/matchmaking/verification/id'],
    [!row.profilePicture, 'photo', 'low', path('avatar')],
  ]);
}

/**
 * The alerts of caregiver listing `row` (before dismissals) on day `today`: no location high, no photo high, no
 * schedule high, not verified high, no background check high, background check expired high or expiring within
 * `BACKGROUND_CHECK_WARNING_DAYS` medium, no current bio medium, no languages medium, availability "soon" from a
 * date already past medium, no video low.
 */
export function caregiverAlertsOf(
  row: typeof tinderCaregivers.$inferSelect,
  facts: { schedule: WeeklyGrid | null; hasBio: boolean; hasVideo: boolean },
  today: string,
): Candidate[] {
  const path = (step: Parameters<typeof caregiverStepPath>[0]) => caregiverStepPath(step, row.id);
  const expires = row.backgroundCheckExpiresAt;
  const checks = path('additionalInfo');
  return alertsOf([
    [row.latitude === null || row.longitude === null, 'location', 'high', path('form')],
    [!row.profilePicture, 'photo', 'high', path('profilePhoto')],
    [isEmptySchedule(facts.schedule), 'schedule', 'high', path('scheduleMaker')],
    [!row.verifiedAt, 'verification', 'high', path('verificationComplete')],
    [!expires && !row.backgroundCheckedAt, 'backgroundCheckMissing', 'high', checks],
    [Boolean(expires && expires < today), 'backgroundCheckExpired', 'high', checks, expires],
    [
      Boolean(expires && expires >= today && expires <= addDays(today, BACKGROUND_CHECK_WARNING_DAYS)),
      'backgroundCheckExpiring',
      'medium',
      checks,
      expires,
    ],
    [!facts.hasBio, 'bio', 'medium', path('bioCreation')],
    [row.languages.length === 0, 'languages', 'medium', checks],
    [
      Boolean(row.availabilityStatus === 'soon' && row.availableFrom && row.availableFrom < today),
      'availabilityDatePassed',
      'medium',
      checks,
      row.availableFrom,
    ],
    [!facts.hasVideo, 'video', 'low', path('addMedia')],
  ]);
}

interface ResolvedListing {
  kind: 'client' | 'caregiver';
  id: string;
  /** The caller manages it as its own (not as an admin looking at someone else's). */
  own: boolean;
  candidates: Candidate[];
}

async function resolveListing(
  executor: Executor,
  account: MatchmakingAccount,
  ref: AlertListingRef,
): Promise<ResolvedListing> {
  const today = isoDay(new Date());
  if (ref.kind === 'client') {
    const row = await managedClientListing(executor, account, ref.id ?? '');
    const [schedule] = await executor
      .select({ schedule: clientSchedules.schedule })
      .from(clientSchedules)
      .where(eq(clientSchedules.clientId, row.id));
    return {
      kind: 'client',
      id: row.id,
      own: Boolean(row.guardianId) && row.guardianId === account.guardianId,
      candidates: clientAlertsOf(row, { schedule: (schedule?.schedule as WeeklyGrid | null) ?? null }),
    };
  }
  const row = ref.id
    ? await managedCaregiverListing(executor, account, ref.id)
    : await ownCaregiverListing(executor, account);
  const [schedule] = await executor
    .select({ schedule: caregiverSchedules.schedule })
    .from(caregiverSchedules)
    .where(eq(caregiverSchedules.caregiverId, row.id));
  const [bio] = await executor
    .select({ id: textBios.id })
    .from(textBios)
    .where(and(eq(textBios.caregiverId, row.id), eq(textBios.isCurrent, true)))
    .limit(1);
  const [video] = await executor
    .select({ id: videoBios.id })
    .from(videoBios)
    .where(eq(videoBios.caregiverId, row.id))
    .limit(1);
  return {
    kind: 'caregiver',
    id: row.id,
    own: row.id === account.tinderCaregiverId,
    candidates: caregiverAlertsOf(
      row,
      {
        schedule: (schedule?.schedule as WeeklyGrid | null) ?? null,
        hasBio: Boolean(bio),
        hasVideo: Boolean(video),
      },
      today,
    ),
  };
}

const userTypeOf = (kind: 'client' | 'caregiver') => (kind === 'client' ? 'CLIENT' : 'CAREGIVER');
const severityRank = (severity: ProfileAlertSeverity) => profileAlertSeverities.indexOf(severity);

/**
 * The shown alerts of `listing` after dismissals, most severe first; deletes dismissals whose fact was fixed (see the
 * module comment). Runs in `tx`.
 */
async function shownAlerts(
  tx: Executor,
  ctx: RequestContext,
  listing: ResolvedListing,
): Promise<ProfileAlertList> {
  const dismissed = await tx
    .select({ id: dismissedProfileAlerts.id, field: dismissedProfileAlerts.alertField })
    .from(dismissedProfileAlerts)
    .where(
      and(
        eq(dismissedProfileAlerts.userId, listing.id),
        eq(dismissedProfileAlerts.userType, userTypeOf(listing.kind)),
      ),
    );
  const current = new Set(listing.candidates.map((alert) => alert.field as string));
  const stale = dismissed.filter((row) => !current.has(row.field));
  if (stale.length > 0) {
    await tx.delete(dismissedProfileAlerts).where(
      inArray(
        dismissedProfileAlerts.id,
        stale.map((row) => row.id),
      ),
    );
    await recordAudit(tx, ctx, {
      action: 'profile_alert.dismissal_cleared',
      entityType: listing.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
      entityId: listing.id,
      details: { count: stale.length },
    });
  }
  const hidden = new Set(dismissed.map((row) => row.field));
  const alerts = listing.candidates
    .map((alert) => ({ ...alert, dismissible: alert.severity !== 'high' }))
    .filter((alert) => !(alert.dismissible && hidden.has(alert.field)))
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  return {
    kind: listing.kind,
    listingId: listing.id,
    alerts,
    dismissedCount: listing.candidates.length - alerts.length,
  };
}

/** The alerts of the listing `ref` names (NOT_FOUND unless the caller manages it). */
export async function listProfileAlerts(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  ref: AlertListingRef,
): Promise<ProfileAlertList> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await resolveListing(tx, account, ref);
    const list = await shownAlerts(tx, ctx, listing);
    if (!listing.own)
      await recordAudit(tx, ctx, {
        action: 'profile_alert.list',
        entityType: listing.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
        entityId: listing.id,
        details: { count: list.alerts.length },
      });
    return list;
  });
}

/** Dismisses alert `alertField` of the listing `listing` names (see the module comment); resolves the alerts after. */
export async function dismissProfileAlert(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: { alertField: ProfileAlertField; listing: AlertListingRef },
): Promise<ProfileAlertList> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await resolveListing(tx, account, input.listing);
    const alert = listing.candidates.find((candidate) => candidate.field === input.alertField);
    if (!alert) throw AppError.field('alertField', 'is not an alert of this profile now');
    if (alert.severity === 'high')
      throw AppError.field('alertField', 'is a high-severity alert, which cannot be dismissed');
    await tx
      .insert(dismissedProfileAlerts)
      .values({
        userId: listing.id,
        userType: userTypeOf(listing.kind),
        alertField: alert.field,
        alertSeverity: alert.severity,
      })
      .onConflictDoUpdate({
        target: [
          dismissedProfileAlerts.userId,
          dismissedProfileAlerts.userType,
          dismissedProfileAlerts.alertField,
        ],
        set: { alertSeverity: alert.severity, dismissedAt: new Date(), updatedAt: new Date() },
      });
    await recordAudit(tx, ctx, {
      action: 'profile_alert.dismiss',
      entityType: listing.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
      entityId: listing.id,
      details: { alertField: alert.field, severity: alert.severity },
    });
    return shownAlerts(tx, ctx, listing);
  });
}
