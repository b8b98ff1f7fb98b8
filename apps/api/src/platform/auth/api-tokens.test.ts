/** Pure parts of API tokens (decision 0015): lifetimes, refresh-token format and hash, cookie options. */
import { describe, expect, it } from 'vitest';
import {
  accessTokenTimes,
  FAMILY_TTL_S,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_IDLE_TTL_S,
  refreshTokenAal,
  refreshTokenExpiry,
  sessionCookieOptions,
  tokenAudience,
  tokenIssuer,
} from './api-tokens.ts';

describe('lifetimes', () => {
  it('follow the strict_phi tier: 45 min idle, 12 h absolute', () => {
    expect(REFRESH_IDLE_TTL_S).toBe(45 * 60);
    expect(FAMILY_TTL_S).toBe(12 * 3600);
  });

  it('caps an access token at the family end', () => {
    const now = 1_000_000_000_000;
    expect(accessTokenTimes(now, 900, now + 3600_000)).toEqual({ iat: 1_000_000_000, exp: 1_000_000_900 });
    expect(accessTokenTimes(now, 900, now + 300_000)).toEqual({ iat: 1_000_000_000, exp: 1_000_000_300 });
  });

  it('caps a refresh token at 45 min and at the family end', () => {
    const now = 1_000_000_000_000;
    expect(refreshTokenExpiry(now, now + 12 * 3600_000)).toBe(now + 45 * 60_000);
    expect(refreshTokenExpiry(now, now + 60_000)).toBe(now + 60_000);
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url after the aal prefix, never twice the same', () => {
    const one = newRefreshToken('aal1');
    const two = newRefreshToken('aal2');
    expect(one).toMatch(/^rt1_[A-Za-z0-9_-]{43}$/);
    expect(two).toMatch(/^rt2_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(one.slice(4), 'base64url')).toHaveLength(32);
    expect(newRefreshToken('aal1')).not.toBe(one);
    expect(refreshTokenAal(one)).toBe('aal1');
    expect(refreshTokenAal(two)).toBe('aal2');
    expect(refreshTokenAal(`rt3_${one.slice(4)}`)).toBeNull();
    expect(refreshTokenAal(one.slice(0, -1))).toBeNull();
  });

  it('are stored as SHA-256 hex, and a changed prefix is another hash', () => {
    const token = newRefreshToken('aal1');
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashRefreshToken(`rt2_${token.slice(4)}`)).not.toBe(hashRefreshToken(token));
  });
});

describe('issuer, audience and cookies', () => {
  it('take the public URL origin', () => {
    expect(tokenIssuer('https://tend.example.org/')).toBe('https://tend.example.org');
    expect(tokenAudience('https://tend.example.org')).toBe('https://tend.example.org/api');
  });

  it('name cookies __Host-tend.* with Secure over https and tend.* over http', () => {
    expect(sessionCookieOptions('https://tend.example.org')).toMatchObject({
      cookiePrefix: '__Host-tend',
      useSecureCookies: false,
      defaultCookieAttributes: { secure: true, path: '/', sameSite: 'lax', httpOnly: true },
    });
    expect(sessionCookieOptions('http://localhost:3000')).toEqual({
      cookiePrefix: 'tend',
      useSecureCookies: false,
    });
  });
});
