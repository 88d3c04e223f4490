import type { Caller, InventoryItemInput } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import type { InventoryContext } from '../config';
import { itemDecider, type ItemCommand, type ItemFacts } from '../domain/item/decide';
import { itemStream } from '../domain/item/events';
import { institutionExists } from '../projections/items/queries';

/** What inventory's commands write with. */
export type CommandDependencies = Pick<InventoryContext, 'pool' | 'commands'>;

/**
 * How many times a stock movement is decided again after another one was appended first: each re-decision reads
 * the new stock, so concurrent adjustments of one item all land (none lost) or are refused by the floor rules.
 */
const MOVEMENT_RETRIES = 50;

async function factsFor(deps: CommandDependencies, input: InventoryItemInput): Promise<ItemFacts> {
  return {
    institutionKnown: input.institution_id === null || (await institutionExists(deps.pool, input.institution_id)),
  };
}

/** POST /inventory: a new item under an id from the sequence; returns the id. */
export async function createItem(
  deps: CommandDependencies,
  caller: Caller,
  input: InventoryItemInput,
  metadata: AppendMetadata,
): Promise<number> {
  const facts = await factsFor(deps, input);
  const itemId = await nextId(deps.pool, 'inventory_item_id_seq');
  await deps.commands.handleCommand({
    stream: itemStream(itemId),
    decider: itemDecider,
    command: { type: 'CreateItem', data: { itemId, input, caller, facts } },
    metadata,
  });
  return itemId;
}

/** PUT /inventory/{id}: the form as the item's description; a changed quantity is an adjustment. */
export async function updateItem(
  deps: CommandDependencies,
  caller: Caller,
  itemId: number,
  input: InventoryItemInput,
  metadata: AppendMetadata,
): Promise<void> {
  const facts = await factsFor(deps, input);
  await deps.commands.handleCommand({
    stream: itemStream(itemId),
    decider: itemDecider,
    command: { type: 'UpdateItem', data: { itemId, input, caller, facts } },
    metadata,
  });
}

/** Adjust, request, notify, and fulfillment's holds: decided again on the current stock after a conflict. */
export async function moveStock(
  deps: CommandDependencies,
  command: Exclude<ItemCommand, { type: 'CreateItem' | 'UpdateItem' }>,
  metadata: AppendMetadata,
  /** A reaction's transaction: the movement commits with the reacting event's processed row, or not at all. */
  transaction?: DatabaseTransactionConnection,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: itemStream(command.data.itemId),
    decider: itemDecider,
    command,
    metadata,
    retries: MOVEMENT_RETRIES,
    ...(transaction ? { transaction } : {}),
  });
}
