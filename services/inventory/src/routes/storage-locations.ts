import { INVENTORY_CONTRACTS, INVENTORY_ERRORS } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorageLocation, deleteStorageLocation, updateStorageLocation } from '../commands/storage-locations';
import type { InventoryContext } from '../config';
import { inventoryReads } from '../reads';

const contracts = INVENTORY_CONTRACTS;

/** Storage locations (spec 3 §2 sub-screen, §7): sorted by sort_order; `active=true` for the inventory form. */
export const storageLocationRoutes =
  (context: InventoryContext): FastifyPluginAsyncZod =>
  async (app) => {
    const found = async (request: FastifyRequest, id: number) => {
      const location = await inventoryReads(context, callerOf(request)).storageLocation(id);
      if (!location) throw httpError(404, INVENTORY_ERRORS.storageLocationNotFound);
      return location;
    };

    route(app, contracts.storageLocations, async (request) =>
      inventoryReads(context, callerOf(request)).storageLocations(request.query.active),
    );

    route(app, contracts.createStorageLocation, async (request, reply) => {
      const id = await createStorageLocation(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return found(request, id);
    });

    route(app, contracts.updateStorageLocation, async (request) => {
      const { id } = request.params;
      await updateStorageLocation(context, callerOf(request), id, request.body, appendMetadata(request));
      return found(request, id);
    });

    route(app, contracts.deleteStorageLocation, async (request, reply) => {
      await deleteStorageLocation(context, callerOf(request), request.params.id, appendMetadata(request));
      return reply.code(204).send(null);
    });
  };
