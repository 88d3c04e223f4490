import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  principalFromClaims,
  TOKEN_CLOCK_SKEW_SECONDS,
  tokenClaimsSchema,
  type Principal,
} from '@labline/contracts';

/** Where the verifier finds identity's public keys: its JWKS URL in a deployment, a local set in tests. */
/** `timeoutMs`: how long a key fetch may take (default 5 s). */
export type JwksSource = { jwksUrl: string; timeoutMs?: number } | { jwks: JSONWebKeySet };

export type TokenVerification =
  { ok: true; principal: Principal; expiresAt: number } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface TokenVerifier {
  /** Throws when identity's keys cannot be fetched (network error, timeout): neither valid nor invalid. */
  verify(authorizationHeader: string | undefined): Promise<TokenVerification>;
}

export interface TokenVerifierOptions {
  /** The longest lifetime a token may have (JWT_TTL_SECONDS); a longer-lived one is refused. */
  maxLifetimeSeconds?: number;
}

/**
 * Verifies identity's access tokens: signature via JWKS, issuer, audience, expiry, claim shape, and a sane
 * issue time (not ahead of this clock beyond a small skew, not longer-lived than configured), so a token
 * minted with a stolen key for years, or dated into the future, is refused.
 */
export function createTokenVerifier(source: JwksSource, options: TokenVerifierOptions = {}): TokenVerifier {
  const maxLifetimeSeconds = options.maxLifetimeSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const keys: JWTVerifyGetKey =
    'jwksUrl' in source
      ? createRemoteJWKSet(new URL(source.jwksUrl), {
          cooldownDuration: 30_000,
          cacheMaxAge: 600_000,
          timeoutDuration: source.timeoutMs ?? 5_000,
        })
      : createLocalJWKSet(source.jwks);
  return {
    async verify(authorizationHeader) {
      const token = bearerToken(authorizationHeader);
      if (!token) return { ok: false, reason: 'missing' };
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
        const claims = tokenClaimsSchema.safeParse(payload);
        if (!claims.success || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        const now = Math.floor(Date.now() / 1000);
        if (payload.iat > now + TOKEN_CLOCK_SKEW_SECONDS || payload.exp - payload.iat > maxLifetimeSeconds) {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, principal: principalFromClaims(claims.data), expiresAt: payload.exp };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        // identity's keys could not be fetched in time: the token is neither valid nor invalid, so the caller
        // answers 503 rather than a 401 that would sign the user out
        if (error instanceof joseErrors.JWKSTimeout) throw error;
        if (error instanceof joseErrors.JOSEError) return { ok: false, reason: 'invalid' };
        throw error;
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The one token check of the gateway and every service: the signature, issuer and expiry, then whether the
 * principal's session still holds (`isPrincipalActive`: a deactivation known from identity's events) —
 * an inactive principal's token is as invalid as a forged one. Throws when the keys cannot be had (503).
 */
export async function verifyActiveToken(
  verifier: TokenVerifier,
  authorization: string | undefined,
  isPrincipalActive?: (principal: Principal) => Promise<boolean>,
): Promise<TokenVerification> {
  const verification = await verifier.verify(authorization);
  if (verification.ok && isPrincipalActive && !(await isPrincipalActive(verification.principal))) {
    return { ok: false, reason: 'invalid' };
  }
  return verification;
}
