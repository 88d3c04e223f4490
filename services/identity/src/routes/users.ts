import { ERRORS, IDENTITY_CONTRACTS } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserAsAdministrator,
  setUserActiveAsAdministrator,
  updateUserAsAdministrator,
} from '../commands/user-administration';
import { commandDependencies, type IdentityContext } from '../config';
import { identityReads } from '../reads';

const contracts = IDENTITY_CONTRACTS;

/**
 * User administration (spec 3 §2, §7). Reads are bound to the caller's scope (contracts' userListScope and
 * userDetailScope); writes are for the user managers (the contracts' guard) and follow the rules of
 * domain/user/administration.ts per user.
 */
export const userRoutes =
  (context: IdentityContext): FastifyPluginAsyncZod =>
  async (app) => {
    const commands = commandDependencies(context);
    const readsOf = (request: FastifyRequest) => identityReads(context.pool, callerOf(request));
    const visibleUser = async (request: FastifyRequest, id: number) => {
      const user = await readsOf(request).user(id);
      if (!user) throw httpError(404, ERRORS.userNotFound);
      return user;
    };

    route(app, contracts.users, async (request) => {
      // null: a list the query asks for that the caller may not read (contracts' userListScope)
      const page = readsOf(request).users(request.query);
      if (!page) throw httpError(403, ERRORS.forbidden);
      return page;
    });

    route(app, contracts.user, async (request) => ({ user: await visibleUser(request, request.params.id) }));

    route(app, contracts.createUser, async (request, reply) => {
      const userId = await createUserAsAdministrator(
        commands,
        callerOf(request),
        request.body,
        appendMetadata(request),
      );
      void reply.code(201);
      return { user: await visibleUser(request, userId) };
    });

    route(app, contracts.updateUser, async (request) => {
      const { id } = request.params;
      await visibleUser(request, id);
      await updateUserAsAdministrator(commands, callerOf(request), id, request.body, appendMetadata(request));
      return { user: await visibleUser(request, id) };
    });

    // The Deactivate and Reactivate actions; DELETE /users/{id} deactivates too (an account is never erased:
    // its events are the audit trail and other services keep its name on their records).
    const statusRoutes = [
      [contracts.deactivateUser, false],
      [contracts.deleteUser, false],
      [contracts.reactivateUser, true],
    ] as const;
    for (const [contract, active] of statusRoutes) {
      route(app, contract, async (request) => {
        const { id } = request.params;
        await visibleUser(request, id);
        await setUserActiveAsAdministrator(commands, callerOf(request), id, active, appendMetadata(request));
        return { user: await visibleUser(request, id) };
      });
    }
  };
