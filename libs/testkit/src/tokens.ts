import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { DEFAULT_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER, type Role } from '@labline/contracts';
import type { TestUser } from './events';

export interface TestUserClaims {
  id: number;
  email?: string;
  role: Role;
  institution_id?: number | null;
  clinician_institution_ids?: number[];
  permissions?: string[];
  /** The session; a fresh one per token when absent. */
  sid?: string;
}

export interface TestKeys {
  /** Public keys to hand a service or the gateway instead of identity's JWKS URL. */
  jwks: JSONWebKeySet;
  /** A real signed token, as identity would issue it. */
  mintToken(
    user: TestUserClaims,
    options?: { expiresIn?: string | number; issuer?: string; issuedAt?: number },
  ): Promise<string>;
}

/** A fresh key pair per test suite, so tests mint real tokens that go through real verification. */
export async function createTestKeys(): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    jwks: { keys: [publicJwk] },
    mintToken: (user, options = {}) => {
      // One reading of the clock for both claims, as identity signs: read twice, a second that ticks over in
      // between makes exp - iat one second longer than the lifetime the services accept (a 401 on a busy machine).
      const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: user.email ?? `user${user.id}@test.labline`,
        role: user.role,
        institution_id: user.institution_id ?? null,
        clinician_institution_ids: user.clinician_institution_ids ?? [],
        permissions: user.permissions ?? [],
        sid: user.sid ?? randomUUID(),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setSubject(String(user.id))
        .setIssuer(options.issuer ?? JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(options.expiresIn ?? issuedAt + DEFAULT_TOKEN_TTL_SECONDS)
        .sign(privateKey);
    },
  };
}

/** Bearer headers of a real token for a test user (their id, role and institutions), with more claims if given. */
export async function bearerHeaders(
  keys: TestKeys,
  member: Pick<TestUser, 'id' | 'role' | 'institution_id' | 'clinician_institution_ids'>,
  claims: Omit<TestUserClaims, 'id' | 'role' | 'institution_id' | 'clinician_institution_ids'> = {},
): Promise<Record<string, string>> {
  const token = await keys.mintToken({
    ...claims,
    id: member.id,
    role: member.role,
    institution_id: member.institution_id,
    clinician_institution_ids: member.clinician_institution_ids,
  });
  return { authorization: `Bearer ${token}` };
}
