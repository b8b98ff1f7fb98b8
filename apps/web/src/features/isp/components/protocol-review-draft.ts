/**
 * A protocol as the review form edits it, and the update that sends only what changed (`PATCH /api/protocols/:id`
 * changes the fields sent; a new version takes the same body). Empty texts become null (the section is cleared);
 * blank list items are dropped.
 */
import type { Protocol, ProtocolUpdateInput } from '@tend/contracts';
import type { ThresholdDraft } from './protocol-review-lists.tsx';

export interface ProtocolDraft {
  riskType: string;
  description: string;
  prevention: string;
  response: string;
  emergency: string;
  mar: boolean;
  pbsp: boolean;
  serious: boolean;
  author: string;
  authorLicensed: boolean;
  effectiveDate: string;
  reviewDueDate: string;
  thresholds: ThresholdDraft[];
  escalationSteps: string[];
  medicationReferences: string[];
}

export function draftOf(protocol: Protocol): ProtocolDraft {
  return {
    riskType: protocol.riskType,
    description: protocol.description ?? '',
    prevention: protocol.prevention ?? '',
    response: protocol.response ?? '',
    emergency: protocol.emergency ?? '',
    mar: protocol.mar,
    pbsp: protocol.pbsp,
    serious: protocol.serious,
    author: protocol.author ?? '',
    authorLicensed: protocol.authorLicensed,
    effectiveDate: protocol.effectiveDate ?? '',
    reviewDueDate: protocol.reviewDueDate ?? '',
    thresholds: protocol.thresholds.map((item) => ({ ...item })),
    escalationSteps: [...protocol.escalationSteps],
    medicationReferences: [...protocol.medicationReferences],
  };
}

const textFields = ['description', 'prevention', 'response', 'emergency', 'author'] as const;
const flagFields = ['mar', 'pbsp', 'serious', 'authorLicensed'] as const;
const dateFields = ['effectiveDate', 'reviewDueDate'] as const;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const cleanList = (items: string[]) => items.map((item) => item.trim()).filter(Boolean);

/** The fields of `draft` that differ from `protocol`, as an update body; empty when nothing changed. */
export function protocolChanges(protocol: Protocol, draft: ProtocolDraft): ProtocolUpdateInput {
  const saved = draftOf(protocol);
  const body: Record<string, unknown> = {};
  if (draft.riskType.trim() !== saved.riskType) body.riskType = draft.riskType.trim();
  for (const field of textFields)
    if (draft[field].trim() !== saved[field].trim()) body[field] = draft[field].trim() || null;
  for (const field of flagFields) if (draft[field] !== saved[field]) body[field] = draft[field];
  for (const field of dateFields) if (draft[field] !== saved[field]) body[field] = draft[field] || null;
  if (!sameJson(draft.thresholds, saved.thresholds)) body.thresholds = draft.thresholds;
  for (const field of ['escalationSteps', 'medicationReferences'] as const) {
    const list = cleanList(draft[field]);
    if (!sameJson(list, saved[field])) body[field] = list;
  }
  return body;
}

/** Whether an update body changes anything. */
export const hasChanges = (body: ProtocolUpdateInput) => Object.keys(body).length > 0;
