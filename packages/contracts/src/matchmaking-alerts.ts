/**
 * Profile-completeness alerts (issue 21 "Profile-completeness alerts with severity, dismissible, shown on profiles";
 * spec s.3 DismissedProfileAlert; decision 0056). The API computes them from the listing each time it is asked; each
 * names the field, a severity and the page that fixes it. A `high` alert cannot be dismissed; a dismissed one stays
 * hidden until its fact is fixed (then the dismissal is forgotten, so the alert shows again if the fact comes back).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { text } from './common.ts';

export const profileAlertSeverities = ['high', 'medium', 'low'] as const;
export type ProfileAlertSeverity = (typeof profileAlertSeverities)[number];

/** What an alert can be about (the `alert_field` of a dismissal). */
export const profileAlertFields = [
  'location',
  'photo',
  'schedule',
  'careDetails',
  'description',
  'bio',
  'video',
  'languages',
  'verification',
  'backgroundCheckMissing',
  'backgroundCheckExpired',
  'backgroundCheckExpiring',
  'availabilityDatePassed',
] as const;
export type ProfileAlertField = (typeof profileAlertFields)[number];

/** Days before a background check's expiry its alert starts (issue 21 "expiring"). */
export const BACKGROUND_CHECK_WARNING_DAYS = 30;

const uuidPattern = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/**
 * Which listing: `client:<id>` (a client listing the caller manages), `caregiver` (the caller's own caregiver
 * listing) or `caregiver:<id>` (an admin looking at one).
 */
export const alertListingRef = text()
  .trim()
  .regex(new RegExp(`^(client:${uuidPattern}|caregiver(:${uuidPattern})?)$`), {
    message: 'must be client:<id>, caregiver or caregiver:<id>',
  })
  .transform((value) => {
    const [kind, id] = value.split(':');
    return { kind: kind as 'client' | 'caregiver', id: id ? id.toLowerCase() : null };
  });

export const profileAlert = z.object({
  field: z.enum(profileAlertFields),
  severity: z.enum(profileAlertSeverities),
  dismissible: z.boolean(),
  /** The page that fixes it (same origin). */
  fixPath: z.string(),
  /** `YYYY-MM-DD` the alert is about (a background check's expiry, an availability date), else null. */
  date: z.string().nullable(),
});
export type ProfileAlert = z.infer<typeof profileAlert>;

export const profileAlertList = z.object({
  kind: z.enum(['client', 'caregiver']),
  listingId: z.uuid(),
  /** Shown alerts, most severe first. */
  alerts: z.array(profileAlert),
  /** Alerts hidden because they were dismissed. */
  dismissedCount: z.number().int(),
});
export type ProfileAlertList = z.infer<typeof profileAlertList>;

export const dismissAlertInput = z.object({
  alertField: z.enum(profileAlertFields, { message: `must be one of ${profileAlertFields.join(', ')}` }),
  listing: alertListingRef,
});
export type DismissAlertInput = z.input<typeof dismissAlertInput>;

export const matchmakingAlertEndpoints = {
  findProfileAlerts: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/alerts',
    query: z.object({ listing: alertListingRef }),
    response: { 200: profileAlertList },
  }),
  dismissProfileAlert: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/alerts/dismiss',
    body: dismissAlertInput,
    response: { 200: profileAlertList },
  }),
};
