import { IDENTITY_CONTRACTS } from '@labline/contracts';
import { route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JSONWebKeySet } from 'jose';

/** identity's public keys, which the gateway and every service verify tokens with. */
export const jwksRoutes =
  (jwks: JSONWebKeySet): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, IDENTITY_CONTRACTS.jwks, async (_request, reply) => {
      // Verifiers cache keys; a short max-age lets a rotation reach them within minutes.
      void reply.header('cache-control', 'public, max-age=300');
      return jwks;
    });
  };
