/**
 * The catalog of workflow events: every event a module publishes on the job engine
 * (platform/jobs/events.ts), with its payload. Payloads carry ids, dates and flags only (no PHI).
 *
 * Modules import this file (and only this one from `workflows/`) to publish; the workflow files import it
 * to subscribe. It imports nothing from a module, so publishing never creates a module cycle.
 */
import { defineJobEvent } from '../platform/jobs/events.ts';

/**
 * A shift import finished and created or updated at least one shift (modules/shifts, the `shifts`
 * import kind's handler). `importJobId`: the import's ProcessingJob id.
 */
export const shiftsImported = defineJobEvent<{ importJobId: string }>('shifts.imported');

/**
 * A location screening run finished (modules/screening, `location-screening` job). `afterImportJobId`:
 * the shift import it followed, or null when it ran on demand; `afterDemoLoad`: it was the screening
 * queued when the demo agency was loaded (workflows/demo-agency.ts); `findingsChanged`: whether any
 * finding was created, updated or removed.
 */
export const locationsScreened = defineJobEvent<{
  afterImportJobId: string | null;
  afterDemoLoad?: boolean;
  findingsChanged: boolean;
}>('screening.locationsScreened');

/**
 * A segment validation run finished (modules/validation, `segment-validation` job). `validationJobId`:
 * its ProcessingJob id; `afterDemoLoad`: it was the validation of the demo agency's first look
 * (workflows/demo-agency.ts), which the demo's billing activity follows.
 */
export const segmentsValidated = defineJobEvent<{ validationJobId: string; afterDemoLoad: boolean }>(
  'validation.segmentsValidated',
);

/**
 * A shift notes import finished and matched or changed at least one note (modules/screening, the
 * `shift-notes` import kind's handler). `importJobId`: the import's ProcessingJob id.
 */
export const shiftNotesImported = defineJobEvent<{ importJobId: string }>('screening.shiftNotesImported');

/**
 * A client prime (budget) import finished and created or changed at least one budget line
 * (modules/budgets, the `client-prime` import kind's handler). `importJobId`: the import's job id.
 */
export const budgetsImported = defineJobEvent<{ importJobId: string }>('budgets.imported');

/**
 * An edit may have changed the violations of the segments on service dates `from`..`to` (`YYYY-MM-DD`;
 * `to` null: open-ended) or, with `'all'`, on any date (DOMAIN.md "Violation codes"): budget lines,
 * approved locations, finding reviews, a caregiver's type, segment edits, and the imports above.
 * Published after the change is committed.
 */
export const segmentsMayHaveChanged = defineJobEvent<{ from: string; to: string | null } | 'all'>(
  'segments.mayHaveChanged',
);

/**
 * The demo agency was loaded at first-run setup (modules/demo through `AppDeps.loadDemoAgency`): its
 * shifts, notes and budgets are in, nothing has screened or validated them yet. `loadedAt`: ISO-8601.
 */
export const demoAgencyLoaded = defineJobEvent<{ loadedAt: string }>('demo.agencyLoaded');

/** Every event above (the composition test checks each has a subscriber). */
/**
 * A matchmaking message was stored (modules/messaging; issue 22): `messageId` and its conversation, the recipient's
 * side and listing. The conversation-notification workflow decides whether the recipient is told by email or SMS.
 */
export const messageSent = defineJobEvent<{
  messageId: string;
  conversationId: string;
  recipientSide: 'CLIENT' | 'CAREGIVER';
  recipientListingId: string;
}>('messaging.messageSent');

export const workflowEvents = [
  demoAgencyLoaded,
  shiftsImported,
  locationsScreened,
  shiftNotesImported,
  budgetsImported,
  segmentsMayHaveChanged,
  segmentsValidated,
  messageSent,
] as const;
