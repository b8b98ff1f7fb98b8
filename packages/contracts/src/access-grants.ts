/**
 * Scoped access grants (issue 20 "Access links done right": a guardian of two clients, a representative, a case
 * manager, a time-limited auditor), a signed-in person's home, and what an auditor account read. Rules:
 * docs/accounts.md "Access grants"; docs/decisions/0048 and 0050.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { accessGrantKind, personKind } from './enums.ts';
import { idParams, isoDateTime, optionalText, pageOf, pageQuery } from './common.ts';
import { auditEvent } from './audit.ts';

/** An AUDITOR grant ends at most this many days after it is made (issue 20 "time-limited auditor"). */
export const AUDITOR_GRANT_MAX_DAYS = 366;

/** Where a grant stands now: not started yet, live, past its end, or revoked. */
export const accessGrantStatuses = ['scheduled', 'live', 'expired', 'revoked'] as const;
export type AccessGrantStatus = (typeof accessGrantStatuses)[number];

/** One grant as the admin sees it: the covered client or case manager with their name. */
export const accessGrant = z.object({
  id: z.uuid(),
  userAccountId: z.uuid(),
  kind: accessGrantKind,
  clientId: z.uuid().nullable(),
  caseManagerId: z.uuid().nullable(),
  /** The client's or case manager's name. */
  targetName: z.string().nullable(),
  startsAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  reason: z.string().nullable(),
  status: z.enum(accessGrantStatuses),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AccessGrant = z.infer<typeof accessGrant>;
export const accessGrantList = z.object({ items: z.array(accessGrant) });
export type AccessGrantList = z.infer<typeof accessGrantList>;

/** The grants of one account or on one client (exactly one of the two). */
export const accessGrantQuery = z
  .object({
    userAccountId: z.uuid({ message: 'must be a valid id' }).optional(),
    clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  })
  .refine((query) => Boolean(query.userAccountId) !== Boolean(query.clientId), {
    message: 'give either userAccountId or clientId',
    path: ['userAccountId'],
  });
export type AccessGrantQuery = z.infer<typeof accessGrantQuery>;

/**
 * A new grant: CASE_MANAGER covers `caseManagerId`'s caseload, the other kinds one `clientId`. `startsAt` defaults
 * to now. AUDITOR grants need `expiresAt`, at most {@link AUDITOR_GRANT_MAX_DAYS} days ahead (checked on the server).
 */
export const accessGrantInput = z
  .object({
    userAccountId: z.uuid({ message: 'must be a valid id' }),
    kind: accessGrantKind,
    clientId: z.uuid({ message: 'must be a valid id' }).nullish(),
    caseManagerId: z.uuid({ message: 'must be a valid id' }).nullish(),
    startsAt: isoDateTime().nullish(),
    expiresAt: isoDateTime().nullish(),
    reason: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'CASE_MANAGER') {
      if (!input.caseManagerId)
        ctx.addIssue({
          code: 'custom',
          path: ['caseManagerId'],
          message: 'is required for a CASE_MANAGER grant',
        });
      if (input.clientId)
        ctx.addIssue({
          code: 'custom',
          path: ['clientId'],
          message: 'must be empty for a CASE_MANAGER grant',
        });
    } else {
      if (!input.clientId)
        ctx.addIssue({
          code: 'custom',
          path: ['clientId'],
          message: `is required for a ${input.kind} grant`,
        });
      if (input.caseManagerId)
        ctx.addIssue({
          code: 'custom',
          path: ['caseManagerId'],
          message: `must be empty for a ${input.kind} grant`,
        });
    }
    if (input.kind === 'AUDITOR' && !input.expiresAt)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: 'is required: an AUDITOR grant must end (at most one year ahead)',
      });
    if (input.startsAt && input.expiresAt && new Date(input.expiresAt) <= new Date(input.startsAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'must be after startsAt' });
  });
export type AccessGrantInput = z.input<typeof accessGrantInput>;

/**
 * Where a signed-in person's home is: their own dashboard (`/dashboard/caregiver/<id>`,
 * `/dashboard/case-manager/<id>`, `/dashboard/client/<id>` or `/dashboard/client`), or null when the account is
 * linked to nothing that has one. `person`: the kind of record the account is linked to, or null.
 */
export const myHome = z.object({
  path: z.string().nullable(),
  person: personKind.nullable(),
});
export type MyHome = z.infer<typeof myHome>;

/** What one account did, newest first (the auditor's reads). */
export const accountActivityQuery = pageQuery.extend({
  userAccountId: z.uuid({ message: 'must be a valid id' }),
});
export type AccountActivityQuery = z.infer<typeof accountActivityQuery>;
export const accountActivityPage = pageOf(auditEvent);

/**
 * Grants (admin): list by account or client, create (→ 201), revoke. Home: any signed-in account. Account
 * activity (admin): the audit events an account caused, for "every record viewed audited and listable".
 */
export const accessGrantEndpoints = {
  findAccessGrants: defineEndpoint({
    method: 'GET',
    path: '/api/access-grants',
    query: accessGrantQuery,
    response: { 200: accessGrantList },
  }),
  createAccessGrant: defineEndpoint({
    method: 'POST',
    path: '/api/access-grants',
    body: accessGrantInput,
    response: { 201: accessGrant },
  }),
  revokeAccessGrant: defineEndpoint({
    method: 'POST',
    path: '/api/access-grants/:id/revoke',
    params: idParams,
    response: { 200: accessGrant },
  }),
  findAccountActivity: defineEndpoint({
    method: 'GET',
    path: '/api/access-grants/activity',
    query: accountActivityQuery,
    response: { 200: accountActivityPage },
  }),
  getMyHome: defineEndpoint({ method: 'GET', path: '/api/me/home', response: { 200: myHome } }),
};
