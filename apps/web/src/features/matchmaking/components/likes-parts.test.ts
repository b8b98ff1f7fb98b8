/** The words a match's status takes on each side (issue 22; decision 0059 and its "mmauth" addendum). */
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '@tend/contracts';
import { matchState } from './likes-parts.tsx';

const match = (patch: Partial<MatchSummary>): MatchSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientId: '00000000-0000-4000-8000-000000000002',
  caregiverId: '00000000-0000-4000-8000-000000000003',
  status: 'ACCEPTED',
  rejectedBy: null,
  initiator: 'CLIENT',
  careAuthorization: 'not_required',
  authorizedAt: null,
  authorizationNote: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...patch,
});

describe('matchState', () => {
  it('reads matched, waiting for the case manager, and declined by the case manager the same on both sides', () => {
    for (const side of ['client', 'caregiver'] as const) {
      expect(matchState(match({}), side)).toBe('matched');
      expect(matchState(match({ status: 'PENDING', careAuthorization: 'requested' }), side)).toBe('waiting');
      expect(
        matchState(match({ status: 'REJECTED', rejectedBy: 'CLIENT', careAuthorization: 'declined' }), side),
      ).toBe('declined');
    }
  });

  it('says who ended a match: me, the other side', () => {
    const byFamily = match({ status: 'REJECTED', rejectedBy: 'CLIENT' });
    expect(matchState(byFamily, 'client')).toBe('endedByMe');
    expect(matchState(byFamily, 'caregiver')).toBe('endedByThem');
  });

  it('says the agency ended a match an admin ended (no side), never "the other side"', () => {
    const byAdmin = match({ status: 'REJECTED', rejectedBy: null });
    expect(matchState(byAdmin, 'client')).toBe('endedByAgency');
    expect(matchState(byAdmin, 'caregiver')).toBe('endedByAgency');
  });
});
