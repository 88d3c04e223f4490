import { SignJWT } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type SessionUser, type TokenClaims } from '@labline/contracts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys';

/** The server-side session a token belongs to. */
export interface TokenSession {
  sessionId: string;
  /** ISO time of the session's absolute end: no token of it outlives it. */
  expiresAt: string;
}

export interface TokenIssuer {
  /** A signed access token carrying what the gateway and services authorize with (tokenClaimsSchema). */
  issue(user: SessionUser, session: TokenSession): Promise<string>;
}

export function createTokenIssuer(keys: SigningKeys, ttlSeconds: number): TokenIssuer {
  return {
    issue(user, session) {
      const claims: Omit<TokenClaims, 'sub'> = {
        email: user.email,
        role: user.role,
        institution_id: user.institution_id,
        clinician_institution_ids: user.clinician_institution_ids,
        permissions: user.permissions,
        sid: session.sessionId,
      };
      const now = Math.floor(Date.now() / 1000);
      const sessionEnd = Math.floor(Date.parse(session.expiresAt) / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(Math.min(now + ttlSeconds, sessionEnd))
        .sign(keys.current.privateKey);
    },
  };
}
