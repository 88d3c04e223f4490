import { INVENTORY_CONTRACTS, INVENTORY_ERRORS, INVENTORY_MESSAGES, paginate } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createItem, moveStock, updateItem } from '../commands/items';
import type { InventoryContext } from '../config';
import { inventoryReads } from '../reads';

const contracts = INVENTORY_CONTRACTS;

/**
 * Inventory items (spec 2 §2.1–2.4, §7). Every read goes through the caller-bound repository (another
 * institution's item answers 404 as an unknown one does); every write through the item decider's rules.
 */
export const inventoryRoutes =
  (context: InventoryContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => inventoryReads(context, callerOf(request));
    const visibleItem = async (request: FastifyRequest, id: number, asOf?: string) => {
      const item = await readsOf(request).item(id, asOf);
      if (!item) throw httpError(404, INVENTORY_ERRORS.itemNotFound);
      return item;
    };

    route(app, contracts.list, async (request) => {
      const { items, summary, alerts } = await readsOf(request).list(request.query);
      return {
        inventory: items,
        pagination: paginate(request.query.page, request.query.limit, summary.total_items),
        summary,
        low_stock_alerts: alerts,
      };
    });

    route(app, contracts.item, async (request) => visibleItem(request, request.params.id, request.query.as_of));

    route(app, contracts.movements, async (request) => {
      const found = await readsOf(request).movements(request.params.id, request.query);
      if (!found) throw httpError(404, INVENTORY_ERRORS.itemNotFound);
      return {
        movements: found.movements,
        pagination: paginate(request.query.page, request.query.limit, found.total),
      };
    });

    route(app, contracts.create, async (request, reply) => {
      const id = await createItem(context, callerOf(request), request.body, appendMetadata(request));
      void reply.code(201);
      return visibleItem(request, id);
    });

    route(app, contracts.update, async (request) => {
      const { id } = request.params;
      await updateItem(context, callerOf(request), id, request.body, appendMetadata(request));
      return visibleItem(request, id);
    });

    route(app, contracts.adjust, async (request) => {
      const { id } = request.params;
      const { adjustment, reason } = request.body;
      await moveStock(
        context,
        { type: 'AdjustStock', data: { itemId: id, adjustment, reason, caller: callerOf(request) } },
        appendMetadata(request),
      );
      return visibleItem(request, id);
    });

    route(app, contracts.notify, async (request) => {
      const { id } = request.params;
      await moveStock(
        context,
        { type: 'NotifyLowStock', data: { itemId: id, caller: callerOf(request) } },
        appendMetadata(request),
      );
      const item = await visibleItem(request, id);
      return { message: INVENTORY_MESSAGES.notified(await readsOf(request).noticeRecipients(item.institution_id)) };
    });

    route(app, contracts.request, async (request) => {
      await moveStock(
        context,
        {
          type: 'RequestStock',
          data: { itemId: request.params.id, quantity: request.body.quantity, caller: callerOf(request) },
        },
        appendMetadata(request),
      );
      return { message: INVENTORY_MESSAGES.requested };
    });
  };
