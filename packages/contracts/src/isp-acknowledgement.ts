/**
 * Caregivers acknowledge the protocols of the clients they serve (issue 19 "Caregivers acknowledge the current
 * version of each protocol of the clients they serve … until then an acknowledgement page reached by a signed link;
 * acknowledgement rates are visible per client"; docs/isp-acknowledgements.md; decision 0046).
 *
 * - Which protocols: the current version (not superseded) of each FINALIZED, not excluded protocol of the client's
 *   latest VERIFIED ISP. A new version is a new protocol id: it needs a new acknowledgement.
 * - Which caregivers serve a client: those with a live shift for the client dated in the last
 *   {@link ACKNOWLEDGEMENT_SERVING_DAYS} days.
 * - Which account is a caregiver: an active CAREGIVER account whose email is the caregiver's email (or one of their
 *   emails), case ignored; an account that matches no caregiver serves nobody.
 * - A request link (`/acknowledge?request=<token>`) names one caregiver and one client, expires after
 *   {@link ACKNOWLEDGEMENT_REQUEST_DAYS} days, and opens only for that caregiver signed in (anyone else: 404).
 *
 * Caregiver endpoints: any signed-in account (PHI tier); a record outside the caller's clients is 404. Rate and
 * request endpoints: admin only.
 */
import { z } from 'zod';
import { text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { locales } from './locale.ts';

/** Days a request link stays valid. */
export const ACKNOWLEDGEMENT_REQUEST_DAYS = 14;
/** A caregiver serves a client with a live shift for them dated within this many days before today. */
export const ACKNOWLEDGEMENT_SERVING_DAYS = 60;
/** Longest request token accepted in a query (the tokens sent are 43 characters of base64url). */
export const ACKNOWLEDGEMENT_TOKEN_MAX_CHARS = 100;

/** The included sections of a protocol as written in the ISP (a section left out by its include flag is absent). */
export const acknowledgementSections = z.object({
  description: z.string().nullable(),
  prevention: z.string().nullable(),
  response: z.string().nullable(),
  emergency: z.string().nullable(),
});

/**
 * One current protocol as caregivers, clients and case managers read it (the included sections as written, thresholds
 * as sentences in the reader's language). The acknowledgement page adds the caregiver's acknowledgement; the
 * dashboards show it as is.
 */
export const currentProtocol = z.object({
  protocolId: z.uuid(),
  version: z.number().int(),
  riskType: z.string(),
  serious: z.boolean(),
  mar: z.boolean(),
  pbsp: z.boolean(),
  sections: acknowledgementSections,
  /** The thresholds as sentences in the requested language ("More than 2 seizures in 24 hours"). */
  thresholds: z.array(z.string()),
  escalationSteps: z.array(z.string()),
  medicationReferences: z.array(z.string()),
});
export type CurrentProtocol = z.infer<typeof currentProtocol>;

/** One protocol as the caregiver reads it, with their acknowledgement (null while pending). */
export const acknowledgementProtocol = currentProtocol.extend({
  /** ISO instant of this caregiver's acknowledgement of this version, or null (pending). */
  acknowledgedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AcknowledgementProtocol = z.infer<typeof acknowledgementProtocol>;

/** One client the caregiver serves: the protocols to acknowledge (serious first, then the ISP's order). */
export const acknowledgementClient = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  ispId: z.uuid(),
  protocols: z.array(acknowledgementProtocol),
  pending: z.number().int(),
});
export type AcknowledgementClient = z.infer<typeof acknowledgementClient>;

/** `GET /api/acknowledgements`: the signed-in caregiver's clients (or the request's one client). */
export const myAcknowledgements = z.object({
  clients: z.array(acknowledgementClient),
  /** Pending protocols over every client listed. */
  pending: z.number().int(),
});
export type MyAcknowledgements = z.infer<typeof myAcknowledgements>;

export const myAcknowledgementsQuery = z.object({
  /** A request link's token: only that request's client (404 unless it was sent to the signed-in caregiver). */
  request: text()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(ACKNOWLEDGEMENT_TOKEN_MAX_CHARS, { message: 'is not a request link' })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a request link' })
    .optional(),
  /** Language of the threshold sentences (default English). */
  locale: z.enum(locales).default('en'),
});
export type MyAcknowledgementsQuery = z.input<typeof myAcknowledgementsQuery>;

export const acknowledgeBody = z.object({ protocolId: z.uuid({ message: 'must be a valid id' }) });

/** `POST /api/acknowledgements`: the stored acknowledgement (the earlier one when already acknowledged). */
export const acknowledgement = z.object({
  protocolId: z.uuid(),
  version: z.number().int(),
  caregiverId: z.uuid(),
  acknowledgedAt: z.iso.datetime({ offset: true }),
});
export type Acknowledgement = z.infer<typeof acknowledgement>;

/** One client's row of the rates table (clients with a VERIFIED ISP). */
export const acknowledgementRate = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  ispId: z.uuid(),
  caregivers: z.number().int(),
  protocols: z.number().int(),
  /** Caregiver × current protocol pairs acknowledged, and expected (caregivers × protocols). */
  acknowledged: z.number().int(),
  expected: z.number().int(),
  /** acknowledged / expected as a whole percent (rounded down), or null when nothing is expected. */
  ratePercent: z.number().int().nullable(),
  /** ISO instant of the newest request sent for this client, or null. */
  lastSentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AcknowledgementRate = z.infer<typeof acknowledgementRate>;
export const acknowledgementRateList = z.object({ items: z.array(acknowledgementRate) });
export type AcknowledgementRateList = z.infer<typeof acknowledgementRateList>;

/** A caregiver serving the client, with when they acknowledged each current protocol. */
export const acknowledgementCaregiver = z.object({
  caregiverId: z.uuid(),
  name: z.string(),
  /** Whether an active CAREGIVER account matches the caregiver's email (needed to receive and open a request). */
  hasAccount: z.boolean(),
  lastShiftDate: z.iso.date(),
  /** One per current protocol, in the order of `protocols`: ISO instant or null. */
  acknowledgedAt: z.array(z.iso.datetime({ offset: true }).nullable()),
});

export const acknowledgementClientDetail = acknowledgementRate.extend({
  currentProtocols: z.array(
    z.object({ protocolId: z.uuid(), riskType: z.string(), version: z.number().int(), serious: z.boolean() }),
  ),
  caregiverRows: z.array(acknowledgementCaregiver),
});
export type AcknowledgementClientDetail = z.infer<typeof acknowledgementClientDetail>;

export const acknowledgementRequestBody = z.object({
  /** One client; absent: every client with a VERIFIED ISP. */
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
});

/** What sending requests did: who got a link, and who could not be reached (and why). */
export const acknowledgementRequestResult = z.object({
  clients: z.number().int(),
  sent: z.array(
    z.object({
      caregiverId: z.uuid(),
      name: z.string(),
      clientId: z.uuid(),
      channels: z.array(z.enum(['email', 'sms'])),
    }),
  ),
  unreachable: z.array(
    z.object({
      caregiverId: z.uuid(),
      name: z.string(),
      clientId: z.uuid(),
      /**
       * `no-account`: no active CAREGIVER account has the caregiver's email; `nothing-pending`: every current
       * protocol is acknowledged; `send-failed`: the email provider refused (no link was left behind).
       */
      reason: z.enum(['no-account', 'nothing-pending', 'send-failed']),
    }),
  ),
});
export type AcknowledgementRequestResult = z.infer<typeof acknowledgementRequestResult>;

const clientParams = z.object({ clientId: z.uuid({ message: 'must be a valid id' }) });

export const ispAcknowledgementEndpoints = {
  findMyAcknowledgements: defineEndpoint({
    method: 'GET',
    path: '/api/acknowledgements',
    query: myAcknowledgementsQuery,
    response: { 200: myAcknowledgements },
  }),
  acknowledgeProtocol: defineEndpoint({
    method: 'POST',
    path: '/api/acknowledgements',
    body: acknowledgeBody,
    response: { 201: acknowledgement },
  }),
  findAcknowledgementRates: defineEndpoint({
    method: 'GET',
    path: '/api/acknowledgement-rates',
    response: { 200: acknowledgementRateList },
  }),
  findClientAcknowledgements: defineEndpoint({
    method: 'GET',
    path: '/api/acknowledgement-rates/:clientId',
    params: clientParams,
    response: { 200: acknowledgementClientDetail },
  }),
  sendAcknowledgementRequests: defineEndpoint({
    method: 'POST',
    path: '/api/acknowledgement-requests',
    body: acknowledgementRequestBody,
    response: { 200: acknowledgementRequestResult },
  }),
};
