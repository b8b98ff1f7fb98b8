import { describe, expect, it } from 'vitest';
import type { Protocol } from '@tend/contracts';
import { draftOf, hasChanges, protocolChanges } from './protocol-review-draft.ts';

const protocol = {
  id: '00000000-0000-4000-8000-000000000001',
  riskType: 'Seizures',
  description: 'Has seizures',
  prevention: null,
  response: 'Time it',
  emergency: null,
  mar: true,
  pbsp: false,
  serious: true,
  author: 'Dr. Lee',
  authorLicensed: true,
  effectiveDate: '2026-01-01',
  reviewDueDate: null,
  thresholds: [
    {
      metric: 'seizures',
      comparison: 'gt',
      value: 2,
      unit: 'count',
      window: { amount: 24, unit: 'hour' },
      byTime: null,
      text: 'more than 2 seizures in 24 hours',
      confirmed: false,
    },
  ],
  escalationSteps: ['Call nurse', 'Call 911'],
  medicationReferences: [],
} as unknown as Protocol;

describe('protocolChanges', () => {
  it('is empty for an untouched draft', () => {
    expect(hasChanges(protocolChanges(protocol, draftOf(protocol)))).toBe(false);
  });
  it('sends only changed fields, empty text as null, trimmed lists', () => {
    const draft = draftOf(protocol);
    draft.description = '  ';
    draft.prevention = 'Watch closely';
    draft.serious = false;
    draft.reviewDueDate = '2026-06-30';
    draft.escalationSteps = ['Call nurse', ' ', 'Call 911 '];
    draft.medicationReferences = ['See MAR'];
    expect(protocolChanges(protocol, draft)).toEqual({
      description: null,
      prevention: 'Watch closely',
      serious: false,
      reviewDueDate: '2026-06-30',
      medicationReferences: ['See MAR'],
    });
  });
  it('sends every threshold when one is confirmed', () => {
    const draft = draftOf(protocol);
    draft.thresholds[0]!.confirmed = true;
    const body = protocolChanges(protocol, draft);
    expect(body.thresholds).toHaveLength(1);
    expect(body.thresholds?.[0]?.confirmed).toBe(true);
    expect(protocol.thresholds[0]?.confirmed).toBe(false);
  });
});
