/**
 * What an ISP's risk protocol holds beyond its text (issue 19 "Protocols as structured data"; spec s.3 Protocol;
 * DOMAIN.md "ISP"): thresholds as data, ordered escalation steps, as-needed medication references, and for every
 * extracted field the places in the PDF it came from. Shared by the extraction (API), the review screens (web) and
 * the export. Endpoint shapes are in `isp.ts`.
 */
import { z } from 'zod';

/**
 * A rectangle on one page of the ISP PDF, in PDF points (1/72 in) from the page's top-left corner, `page` 1-based.
 * The viewer scales it to draw the highlight.
 */
export const sourceBox = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().min(0),
  height: z.number().min(0),
});
export type SourceBox = z.infer<typeof sourceBox>;

/** The protocol fields whose origin in the PDF is kept (and highlighted in the viewer). */
export const protocolSourceFields = [
  'riskType',
  'description',
  'prevention',
  'response',
  'emergency',
  'thresholds',
  'escalationSteps',
  'medicationReferences',
  'author',
  'effectiveDate',
  'reviewDueDate',
] as const;
export type ProtocolSourceField = (typeof protocolSourceFields)[number];

/** Where each extracted field came from: a field's boxes, in reading order (a field may span pages). */
export const protocolSources = z.partialRecord(z.enum(protocolSourceFields), z.array(sourceBox));
export type ProtocolSources = z.infer<typeof protocolSources>;

export const thresholdComparisons = ['gt', 'gte', 'lt', 'lte', 'eq', 'none'] as const;
/** `none`: "no bowel movement in 3 days" (a count of 0 over the window), kept apart from `eq 0` for reading. */
export const thresholdComparison = z.enum(thresholdComparisons);
export type ThresholdComparison = z.infer<typeof thresholdComparison>;

/** The units of a threshold's time window ("in 24 hours", "in a month"). */
export const thresholdWindowUnits = ['minute', 'hour', 'day', 'week', 'month'] as const;
export const thresholdWindowUnit = z.enum(thresholdWindowUnits);

/**
 * One threshold of a protocol as data: "more than 2 seizures in 24 h" is
 * `{ metric: 'seizures', comparison: 'gt', value: 2, unit: 'count', window: { amount: 24, unit: 'hour' } }`;
 * "fluids below 64 oz by 2 pm" is `{ metric: 'fluids', comparison: 'lt', value: 64, unit: 'oz', byTime: '14:00' }`;
 * "no bowel movement in 3 days" is `{ metric: 'bowel movement', comparison: 'none', value: 0, unit: 'count',
 * window: { amount: 3, unit: 'day' } }`. `text` is the sentence it was read from, as written. `confirmed` turns
 * true only when a person confirms it (a protocol cannot be FINALIZED with an unconfirmed threshold).
 */
export const threshold = z.object({
  metric: z.string().min(1).max(200),
  comparison: thresholdComparison,
  value: z.number().finite(),
  /** `count`, or a unit as written, lower-cased: `oz`, `ml`, `°f`, `mg/dl`, `lb`, `min`, `h`, `%`... */
  unit: z.string().min(1).max(40),
  window: z
    .object({
      amount: z.number().positive().finite(),
      unit: thresholdWindowUnit,
    })
    .nullable()
    .default(null),
  /** Local time of day the value must be reached by, `HH:mm` (24 h). */
  byTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable()
    .default(null),
  text: z.string().max(2000),
  confirmed: z.boolean().default(false),
});
export type Threshold = z.infer<typeof threshold>;
