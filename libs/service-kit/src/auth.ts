import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS, type Principal } from '@labline/contracts';
import { requestContext } from './context';
import { httpError } from './errors';
import {
  createTokenVerifier,
  verifyActiveToken,
  type JwksSource,
  type TokenVerification,
  type TokenVerifier,
} from './jwt';

export interface AuthOptions {
  /** identity's keys (URL or local set), or a ready verifier to share one key cache. */
  keys: JwksSource | TokenVerifier;
  /**
   * Asked after the signature checks out: false refuses the token (401), so a deactivated user's live
   * session stops working before its token expires.
   */
  isPrincipalActive?: (principal: Principal) => Promise<boolean>;
  /** The longest token lifetime accepted (JWT_TTL_SECONDS); for keys given as a source, not a verifier. */
  maxTokenLifetimeSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook of an authenticated route group: 401 unless a valid bearer token is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

function isVerifier(keys: AuthOptions['keys']): keys is TokenVerifier {
  return 'verify' in keys;
}

/**
 * Shared by every route group (hence fastify-plugin): decorates `authenticate`. Authenticated routes live in
 * a child context that adds it as a hook, so a route outside that context can never be reached unauthenticated
 * by forgetting a per-route option.
 */
export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    const verifier = isVerifier(options.keys)
      ? options.keys
      : createTokenVerifier(options.keys, { maxLifetimeSeconds: options.maxTokenLifetimeSeconds });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      let verification: TokenVerification;
      try {
        verification = await verifyActiveToken(verifier, request.headers.authorization, options.isPrincipalActive);
      } catch (error) {
        request.log.warn({ err: error }, 'token verification unavailable');
        throw httpError(503, ERRORS.serviceUnavailable);
      }
      if (!verification.ok) {
        throw httpError(401, verification.reason === 'missing' ? ERRORS.authenticationRequired : ERRORS.invalidToken);
      }
      const { principal } = verification;
      request.principal = principal;
      const context = requestContext();
      if (context) context.principal = principal;
    });
  },
  { name: 'labline-auth', fastify: '5.x' },
);

/** The caller of an authenticated route; a 401 when called on a route outside an authenticated group. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw httpError(401, ERRORS.authenticationRequired);
  return request.principal;
}
