import { describe, expect, it } from 'vitest';
import { apiAccess, expectedAccess, type Principal } from './api-access.ts';

const who = (
  role: Principal['role'],
  aal: Principal['aal'] = 'aal2',
  credential: Principal['credential'] = 'cookie',
) => ({
  role,
  aal,
  credential,
});

describe('expectedAccess', () => {
  it('public: everyone; anything else: 401 for anonymous', () => {
    expect(expectedAccess('public', who(null))).toBe('allow');
    for (const access of ['signed-in', 'signed-in-phi', 'browser-session', 'admin'] as const)
      expect(expectedAccess(access, who(null)), access).toBe(401);
  });

  it('admin: ADMIN at aal2 only, with cookie or bearer', () => {
    expect(expectedAccess('admin', who('ADMIN'))).toBe('allow');
    expect(expectedAccess('admin', who('ADMIN', 'aal2', 'bearer'))).toBe('allow');
    expect(expectedAccess('admin', who('ADMIN', 'aal1'))).toBe(403);
    for (const role of ['USER', 'CAREGIVER', 'GUARDIAN'] as const)
      expect(expectedAccess('admin', who(role)), role).toBe(403);
  });

  it('signed-in-phi and browser-session: an aal1 admin is refused; browser-session refuses bearers', () => {
    expect(expectedAccess('signed-in', who('ADMIN', 'aal1'))).toBe('allow');
    expect(expectedAccess('signed-in-phi', who('ADMIN', 'aal1'))).toBe(403);
    expect(expectedAccess('signed-in-phi', who('USER', 'aal1'))).toBe('allow');
    expect(expectedAccess('browser-session', who('USER', 'aal1', 'bearer'))).toBe(403);
    expect(expectedAccess('browser-session', who('USER', 'aal1'))).toBe('allow');
  });

  it('the table keeps PHI lists admin-only', () => {
    expect(apiAccess['GET /api/clients']).toBe('admin');
    expect(apiAccess['GET /api/health']).toBe('public');
  });
});
