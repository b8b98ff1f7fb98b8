/**
 * Audit events (HIPAA 164.312(b) audit controls; ARCHITECTURE.md non-negotiables). Append-only.
 * `action` is `<entity>.<verb>` from the closed list below, so the log can be filtered reliably.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './common.ts';

export const auditActions = [
  'access.denied',
  'auth.sign_in',
  'auth.sign_out',
  'auth.setup',
  'user.list',
  'user.read',
  'user.create',
  'user.update',
  'client.list',
  'client.read',
  'client.create',
  'client.update',
  'client.archive',
  'client.unarchive',
  'caregiver.list',
  'caregiver.read',
  'caregiver.create',
  'caregiver.update',
  'caregiver.archive',
  'caregiver.unarchive',
  'case_manager.list',
  'case_manager.read',
  'case_manager.create',
  'case_manager.update',
  'case_manager.archive',
  'case_manager.unarchive',
  'shift.list',
  'shift.read',
  'shift.import',
  'shift.update',
  'shift.delete',
  'shift.restore',
  'shift.export',
  'shift_import.read',
  'shift_import.preview',
  'file.upload',
  'file.read',
  'file.delete',
  'file.move',
  'file.copy',
  'file.list',
  'file.sign',
  'bucket.create',
  'bucket.update',
  'bucket.delete',
  'bucket.empty',
  'audit.list',
  'outbox.list',
  'job.create',
  'demo.load',
] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

export const auditOutcomes = ['success', 'denied', 'failure'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export const auditEvent = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  actorUserAccountId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditListQuery = pageQuery.extend({
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(100).optional(),
  entityId: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(200).optional().describe('actor email contains'),
  outcome: z.enum(auditOutcomes).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditPage = pageOf(auditEvent);
