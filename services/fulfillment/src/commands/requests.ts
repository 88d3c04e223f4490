import {
  FULFILLMENT_MANAGERS,
  type Caller,
  type FulfillmentCreateInput,
  type FulfillmentEventData,
  type FulfillmentStatusInput,
} from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import type { FulfillmentContext } from '../config';
import { requestDecider } from '../domain/request/decide';
import { requestStream } from '../domain/request/events';
import { assigneeEligible, itemAvailableTo, latestRequestOf } from '../projections/requests/queries';

/** What fulfillment's commands write with. */
export type CommandDependencies = Pick<FulfillmentContext, 'pool' | 'commands'>;

/**
 * The choreography's request (and the demo seed's): recorded by the system, in the consumer's transaction when
 * one is given. Returns the new id.
 */
export async function recordRequest(
  deps: CommandDependencies,
  request: Omit<FulfillmentEventData<'FulfillmentRequested'>, 'fulfillmentRequestId'>,
  metadata: AppendMetadata,
  transaction?: DatabaseTransactionConnection,
): Promise<number> {
  const fulfillmentRequestId = await nextId(transaction ?? deps.pool, 'fulfillment_request_id_seq');
  await deps.commands.handleCommand({
    stream: requestStream(fulfillmentRequestId),
    decider: requestDecider,
    command: { type: 'RecordRequest', data: { ...request, fulfillmentRequestId } },
    metadata,
    ...(transaction ? { transaction } : {}),
  });
  return fulfillmentRequestId;
}

/** POST /fulfillment: a replacement for a test request whose latest request is cancelled; returns the new id. */
export async function requestReplacement(
  deps: CommandDependencies,
  caller: Caller,
  input: FulfillmentCreateInput,
  metadata: AppendMetadata,
): Promise<number> {
  const latest = await latestRequestOf(deps.pool, caller, input.test_request_id);
  const itemKnown =
    latest !== null && (await itemAvailableTo(deps.pool, input.inventory_item_id, latest.institution_id));
  const fulfillmentRequestId = await nextId(deps.pool, 'fulfillment_request_id_seq');
  await deps.commands.handleCommand({
    stream: requestStream(fulfillmentRequestId),
    decider: requestDecider,
    command: {
      type: 'RequestReplacement',
      data: { fulfillmentRequestId, ...input, caller, facts: { latest, itemKnown } },
    },
    metadata,
  });
  return fulfillmentRequestId;
}

/** PUT /fulfillment/{id}/status. */
export async function changeStatus(
  deps: CommandDependencies,
  caller: Caller,
  fulfillmentRequestId: number,
  input: FulfillmentStatusInput,
  metadata: AppendMetadata,
  /** A reaction's transaction: the change commits with the reacting event's processed row. */
  transaction?: DatabaseTransactionConnection,
): Promise<void> {
  await deps.commands.handleCommand({
    ...(transaction ? { transaction } : {}),
    stream: requestStream(fulfillmentRequestId),
    decider: requestDecider,
    command: {
      type: 'ChangeStatus',
      data: {
        fulfillmentRequestId,
        to: input.status,
        tracking_number: input.tracking_number,
        barcode_number: input.barcodeNumber,
        notes: input.notes,
        caller,
      },
    },
    metadata,
  });
}

/** POST /fulfillment/{id}/assign: the assignee must be an active fulfillment manager who would see the request. */
export async function assignRequest(
  deps: CommandDependencies,
  caller: Caller,
  fulfillmentRequestId: number,
  assignedTo: number,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: requestStream(fulfillmentRequestId),
    decider: requestDecider,
    // The assignee's eligibility depends on the request's institution, known from its state.
    command: async (state) => ({
      type: 'Assign' as const,
      data: {
        fulfillmentRequestId,
        assigned_to: assignedTo,
        caller,
        facts: {
          assigneeEligible:
            state.status === 'recorded' &&
            (await assigneeEligible(deps.pool, assignedTo, state.request.institution_id, FULFILLMENT_MANAGERS)),
        },
      },
    }),
    metadata,
  });
}
