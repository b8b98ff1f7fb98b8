/**
 * The segment editor (issue 6 "Segment validation", second bullet; spec s.3 ShiftSegment; DOMAIN.md
 * "shift segment"; rules in docs/segment-editor.md): an admin splits a segment at a time inside it into
 * two billable slices, changes a segment's code or modifier with a reason, marks respite handled and
 * edits its notes. Every edit names the version it was made on (`expectedUpdatedAt`, the segment's
 * `updatedAt` as read), lands in the segment's `changeHistory` (same entry shape as the shift's,
 * contracts `shiftChange`) and re-validates the shift's date.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams, isoDateTime, optionalText, requiredText } from './common.ts';
import { validationStatus } from './enums.ts';
import { segmentViolation } from './segment-validation.ts';
import { shiftChange } from './shifts.ts';

const instant = isoDateTime('must be a date and time with a zone');

/** A procedure code (e.g. OR526), trimmed and upper-cased as the billing-code rules store it. */
const billingCodeInput = requiredText(20).transform((value) => value.toUpperCase());
/** A modifier (e.g. ZE); empty means none. Upper-cased like the billing-code rules. */
const modifierInput = optionalText(10).transform((value) => (value ? value.toUpperCase() : null));

/** Words for segment fields, for histories and forms (history entries name these fields). */
export const segmentFieldLabels = {
  evvStart: 'Start',
  evvEnd: 'End',
  evvInLat: 'Start latitude',
  evvInLong: 'Start longitude',
  evvOutLat: 'End latitude',
  evvOutLong: 'End longitude',
  billingCode: 'Procedure code',
  modifier: 'Modifier',
  respiteHandled: 'Respite handled',
  notes: 'Notes',
  creationSource: 'Source',
  segmentGroupId: 'Segment group',
} as const;

/** One segment as the editor shows it (`GET /api/segments/:id`), with its shift's times for context. */
export const segmentDetail = z.object({
  id: z.uuid(),
  shift: z.object({
    id: z.uuid(),
    /** Service date `YYYY-MM-DD`. */
    date: z.string(),
    /** IANA zone of the visit (times are shown in it); null: the agency's. */
    timeZone: z.string().nullable(),
    evvInTime: instant.nullable(),
    evvOutTime: instant.nullable(),
  }),
  evvStart: instant.nullable(),
  evvEnd: instant.nullable(),
  evvInLat: z.number().nullable(),
  evvInLong: z.number().nullable(),
  evvOutLat: z.number().nullable(),
  evvOutLong: z.number().nullable(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  segmentGroupId: z.uuid().nullable(),
  respiteHandled: z.boolean(),
  /** `import` / `demo` (mirrors its shift), `split`, `manual`. */
  creationSource: z.string().nullable(),
  notes: z.string().nullable(),
  validationStatus,
  validationViolations: z.array(segmentViolation),
  /** Oldest first; `by` is a user account id, `byName` the user's name when known. */
  changeHistory: z.array(shiftChange),
  createdAt: instant,
  /** Send this back as `expectedUpdatedAt` with the next edit. */
  updatedAt: instant,
});
export type SegmentDetail = z.infer<typeof segmentDetail>;

/** The version an edit was made on: the segment's `updatedAt` as the editor read it. */
const expectedUpdatedAt = instant;

/**
 * `PATCH /api/segments/:id`: any of code, modifier, respite handling and notes. Omitted fields stay;
 * `modifier` and `notes` null (or empty) clear. `reason` is required when the code, the modifier or
 * respite handling changes (it is the history's "why"); a notes-only edit may leave it out.
 */
export const segmentUpdate = z
  .object({
    expectedUpdatedAt,
    billingCode: billingCodeInput.optional(),
    modifier: modifierInput.optional(),
    respiteHandled: z.boolean({ message: 'must be true or false' }).optional(),
    notes: optionalText(2000).optional(),
    reason: optionalText(500).optional(),
  })
  .superRefine((value, ctx) => {
    const fields = ['billingCode', 'modifier', 'respiteHandled', 'notes'] as const;
    if (!fields.some((field) => value[field] !== undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'names no field to change (billingCode, modifier, respiteHandled or notes)',
        path: ['billingCode'],
      });
    const needsReason =
      value.billingCode !== undefined || value.modifier !== undefined || value.respiteHandled !== undefined;
    if (needsReason && !value.reason)
      ctx.addIssue({
        code: 'custom',
        message: 'is required when the code, the modifier or respite handling changes',
        path: ['reason'],
      });
  });
export type SegmentUpdate = z.infer<typeof segmentUpdate>;
export type SegmentUpdateInput = z.input<typeof segmentUpdate>;

/** The code + modifier of one part of a split. */
export const segmentPartCode = z.object({ billingCode: billingCodeInput, modifier: modifierInput });

/**
 * `POST /api/segments/:id/split`: split the segment at `at` (on the minute, strictly between its start
 * and end) into a first part (start..at, keeps the clock-in point) and a second part (at..end, keeps
 * the clock-out point), each with its own code and modifier. `reason` is required.
 */
export const segmentSplit = z.object({
  expectedUpdatedAt,
  at: instant.refine((value) => Date.parse(value) % 60_000 === 0, {
    message: 'must be on the minute (no seconds)',
  }),
  first: segmentPartCode,
  second: segmentPartCode,
  reason: requiredText(500),
});
export type SegmentSplit = z.infer<typeof segmentSplit>;
export type SegmentSplitInput = z.input<typeof segmentSplit>;

/** The answer to a split: the first part (the original segment's id) then the new second part. */
export const segmentSplitResult = z.object({ segments: z.array(segmentDetail).length(2) });
export type SegmentSplitResult = z.infer<typeof segmentSplitResult>;

/** The segment editor (admin only; docs/segment-editor.md): one segment with its history, its edit, its split. */
export const segmentEditorEndpoints = {
  getSegment: defineEndpoint({
    method: 'GET',
    path: '/api/segments/:id',
    params: idParams,
    response: { 200: segmentDetail },
  }),
  updateSegment: defineEndpoint({
    method: 'PATCH',
    path: '/api/segments/:id',
    params: idParams,
    body: segmentUpdate,
    response: { 200: segmentDetail },
  }),
  splitSegment: defineEndpoint({
    method: 'POST',
    path: '/api/segments/:id/split',
    params: idParams,
    body: segmentSplit,
    response: { 200: segmentSplitResult },
  }),
};
