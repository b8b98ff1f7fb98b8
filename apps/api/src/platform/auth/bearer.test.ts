/**
 * Access-token verification (bearer.ts; decision 0015) with an injected clock and key sets made with `jose`: shape,
 * expiry, issuer/audience, the 10-minute key-set cache and key rotation.
 */
import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { ApiTokenError } from './api-tokens.ts';
import { bearerToken, createAccessTokenVerifier, isCompactJws, JWKS_REFETCH_COOLDOWN_MS } from './bearer.ts';

const ISS = 'https://tend.example.org';
const AUD = 'https://tend.example.org/api';
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

async function keyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' };
  return { privateKey, jwk, kid };
}

async function sign(key: { privateKey: CryptoKey; kid: string }, nowMs: number, overrides: object = {}) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    uai: '5b0f7a3e-8a1c-4d8e-9a53-0d7c2f1e6b21',
    role: 'USER',
    aal: 'aal1',
    sid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    auth_time: iat,
    ...overrides,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject('auth-user-1')
    .setIssuer(ISS)
    .setAudience(AUD)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(key.privateKey);
}

async function reasonOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiTokenError) return error.reason;
    throw error;
  }
}

function setUp(initial: JWK[]) {
  let clock = T0;
  let published: JSONWebKeySet = { keys: initial };
  let loads = 0;
  const verifier = createAccessTokenVerifier({
    loadKeys: async () => {
      loads += 1;
      return published;
    },
    issuer: ISS,
    audience: AUD,
    now: () => clock,
  });
  return {
    verifier,
    advance: (ms: number) => (clock += ms),
    publish: (keys: JWK[]) => (published = { keys }),
    loads: () => loads,
  };
}

describe('the Authorization header', () => {
  it('yields the bearer token only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('needs three non-empty base64url parts', () => {
    expect(isCompactJws('a.b.c')).toBe(true);
    expect(isCompactJws('a.b')).toBe(false);
    expect(isCompactJws('a.b.c.d')).toBe(false);
    expect(isCompactJws('a..c')).toBe(false);
    expect(isCompactJws('a.b=.c')).toBe(false);
  });
});

describe('createAccessTokenVerifier', () => {
  it('accepts a good token and returns its claims; refuses malformed, expired and foreign ones', async () => {
    const key = await keyPair('k1');
    const { verifier, advance } = setUp([key.jwk]);
    const token = await sign(key, T0);
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'auth-user-1', aal: 'aal1' });
    expect(await reasonOf(verifier.verify('not.a.jwt!'))).toBe('token_malformed');
    expect(await reasonOf(verifier.verify('e30.e30.e30'))).toBe('token_invalid');
    const other = await keyPair('k1');
    expect(await reasonOf(verifier.verify(await sign(other, T0)))).toBe('token_invalid');
    // Claims Tend needs are missing: not an access token.
    expect(await reasonOf(verifier.verify(await sign(key, T0, { sid: 'nope' })))).toBe('token_invalid');
    // 14:59 after issue still valid, 15:01 expired.
    advance(899_000);
    expect(await reasonOf(verifier.verify(token))).toBe('ok');
    advance(2_000);
    expect(await reasonOf(verifier.verify(token))).toBe('token_expired');
  });

  it('keeps the key set 10 minutes, and re-reads it at once (at most every 30 s) for a new key id', async () => {
    const old = await keyPair('old');
    const rotated = await keyPair('new');
    const { verifier, advance, publish, loads } = setUp([old.jwk]);
    await verifier.verify(await sign(old, T0));
    await verifier.verify(await sign(old, T0));
    expect(loads()).toBe(1);
    publish([old.jwk, rotated.jwk]);
    // Within the cooldown a token signed by an unknown key is refused without a re-read.
    advance(JWKS_REFETCH_COOLDOWN_MS - 1000);
    expect(await reasonOf(verifier.verify(await sign(rotated, T0 + 29_000)))).toBe('token_invalid');
    expect(loads()).toBe(1);
    advance(2000);
    expect(await reasonOf(verifier.verify(await sign(rotated, T0 + 31_000)))).toBe('ok');
    expect(loads()).toBe(2);
    // The old key leaves the published set: cached tokens keep verifying until the cache is 10 minutes old.
    publish([rotated.jwk]);
    const oldToken = await sign(old, T0 + 9 * 60_000);
    advance(9 * 60_000 - 31_000);
    expect(await reasonOf(verifier.verify(oldToken))).toBe('ok');
    advance(10 * 60_000);
    expect(await reasonOf(verifier.verify(oldToken))).toBe('token_invalid');
    expect(loads()).toBe(3);
  });
});
