/**
 * Every table of the database, re-exported for Drizzle (queries, relations, drizzle-kit).
 * One line per module's table file.
 */
export * from './enums.ts';
export * from '../auth/auth.table.ts';
export * from '../audit/audit.table.ts';
export * from '../imports/imports.table.ts';
export * from '../jobs/jobs.table.ts';
export * from '../../modules/people/people.table.ts';
export * from '../settings/settings.table.ts';
export * from '../../modules/users/users.table.ts';
export * from '../../modules/shifts/shifts.table.ts';
export * from '../../modules/screening/screening.table.ts';
export * from '../../modules/hours/hours.table.ts';
export * from '../../modules/budgets/budgets.table.ts';
export * from '../../modules/billing/billing.table.ts';
export * from '../../modules/billing/billing-rules.table.ts';
export * from '../../modules/payroll/payroll.table.ts';
export * from '../../modules/isp/isp.table.ts';
export * from '../../modules/isp/acknowledgements/acknowledgements.table.ts';
export * from '../../modules/access/access.table.ts';
export * from '../../modules/campaigns/campaigns.table.ts';
export * from '../../modules/matchmaking/matchmaking.table.ts';
export * from '../../modules/messaging/messaging.table.ts';
export * from '../../modules/messaging/match-review.table.ts';
export * from '../../modules/staging/staging.table.ts';
export * from '../../modules/ocr/ocr.table.ts';
export * from '../messaging/outbox.table.ts';
export * from '../messaging/email-suppression.table.ts';
export * from '../storage/storage.table.ts';
export * from '../realtime/realtime.table.ts';
