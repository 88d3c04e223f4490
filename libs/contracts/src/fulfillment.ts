/**
 * Fulfillment's policy (spec 2 §2.5–2.6, §4 fulfillment status, §6, §8, §9; issue 25 item 3): the statuses, the
 * transitions as one table that the service enforces and the pages offer, who manages, and the texts. zod-free,
 * so the web app bundles it without the schemas (those are in events/fulfillment.ts).
 */
import type { Role } from './access';
import { formatFulfillmentId } from './display';
import { INVENTORY_MANAGERS } from './inventory';
import type { Caller } from './records';

/** spec 2 §4. */
export const FULFILLMENT_STATUSES = ['pending', 'assigned', 'dispatched', 'delivered', 'cancelled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** spec 2 §2.5: the four status cards, over the loaded rows. */
export const FULFILLMENT_CARD_STATUSES: readonly FulfillmentStatus[] = [
  'pending',
  'assigned',
  'dispatched',
  'delivered',
];

/**
 * What moves a request from one status to another (spec 2 §4): each move is a named action, offered by the pages
 * and enforced by the service from this one table.
 * - assign: pending → assigned (Mark as Assigned, Assign to Me; the assign call);
 * - dispatch: pending or assigned → dispatched, with a non-empty tracking number;
 * - deliver: dispatched → delivered;
 * - cancel: any status but delivered or cancelled → cancelled;
 * - reopen: cancelled → pending, with the note 'Request reopened from cancelled status'.
 * Delivered is terminal. A replacement is a new request, made from a cancelled one (FULFILLMENT_REPLACEABLE).
 */
export const FULFILLMENT_ACTIONS = ['assign', 'dispatch', 'deliver', 'cancel', 'reopen'] as const;
export type FulfillmentAction = (typeof FULFILLMENT_ACTIONS)[number];

export const FULFILLMENT_TRANSITIONS: Record<
  FulfillmentAction,
  { from: readonly FulfillmentStatus[]; to: FulfillmentStatus }
> = {
  assign: { from: ['pending'], to: 'assigned' },
  dispatch: { from: ['pending', 'assigned'], to: 'dispatched' },
  deliver: { from: ['dispatched'], to: 'delivered' },
  cancel: { from: ['pending', 'assigned', 'dispatched'], to: 'cancelled' },
  reopen: { from: ['cancelled'], to: 'pending' },
};

/** The statuses a replacement request may be made from (spec 2 §4: "a cancelled request can also produce ..."). */
export const FULFILLMENT_REPLACEABLE: readonly FulfillmentStatus[] = ['cancelled'];

/** The action that takes a request from `from` to `to`, or null when no action does. */
export function fulfillmentActionFor(from: FulfillmentStatus, to: FulfillmentStatus): FulfillmentAction | null {
  return (
    FULFILLMENT_ACTIONS.find((action) => {
      const transition = FULFILLMENT_TRANSITIONS[action];
      return transition.to === to && transition.from.includes(from);
    }) ?? null
  );
}

/** The actions a request in `status` offers (the row actions and the Update Status menu, spec 2 §2.5, §2.6). */
export const fulfillmentActionsFrom = (status: FulfillmentStatus): FulfillmentAction[] =>
  FULFILLMENT_ACTIONS.filter((action) => FULFILLMENT_TRANSITIONS[action].from.includes(status));

/** spec 2 §4: the notes the product sends with each transition. */
export const FULFILLMENT_NOTES: Partial<Record<FulfillmentAction, string>> = {
  dispatch: 'Package dispatched',
  deliver: 'Package delivered',
  cancel: 'Request cancelled',
  reopen: 'Request reopened from cancelled status',
};

/** spec 2 §6: fulfillment management is inventory management's three roles. */
export const FULFILLMENT_MANAGERS: readonly Role[] = INVENTORY_MANAGERS;
export const canManageFulfillment = (caller: Pick<Caller, 'role'>): boolean =>
  FULFILLMENT_MANAGERS.includes(caller.role);

/** The part of a request the access rules look at: the test request's institution and the assignee. */
export interface FulfillmentAccessFacts {
  institution_id: number;
  assigned_to: number | null;
}

/**
 * Who sees a request: super_admin every one, and a fulfillment agent of no institution (a partner serving every
 * institution, as a test request's partner may be: spec 1 §3); another manager those of their institutions; an
 * agent also those assigned to them. Anyone else, and another institution's request, answers 404.
 */
export function canReadFulfillmentRequest(caller: Caller, request: FulfillmentAccessFacts): boolean {
  if (!canManageFulfillment(caller)) return false;
  if (caller.role === 'super_admin') return true;
  if (caller.role === 'fulfillment_agent' && (caller.institutionId === null || request.assigned_to === caller.userId))
    return true;
  return caller.institutionIds.includes(request.institution_id);
}

/** spec 2 §9 and §2.5. */
export const FULFILLMENT_LIMITS = {
  pageSize: 20,
  /** Recent Fulfillment Activity: the first rows of the list. */
  recentActivity: 5,
  trackingNumberMaxLength: 100,
  notesMaxLength: 2000,
  maxQuantity: 1000,
} as const;

/** spec 2 §2.5, §2.6, §8: the pages' texts, word for word. */
export const FULFILLMENT_TEXTS = {
  title: 'Fulfillment Management',
  detailTitle: 'Fulfillment Request Details',
  notFound: 'Fulfillment Request Not Found',
  backToFulfillment: 'Back to Fulfillment',
  confirmReopen: 'Are you sure you want to reopen this cancelled request?',
  confirmCancel: 'Are you sure you want to cancel this request?',
  replacementCreated: 'Replacement request created successfully',
  failedToFetchRequests: 'Failed to fetch fulfillment requests',
  failedToFetchDetails: 'Failed to fetch fulfillment request details',
  failedToUpdateStatus: 'Failed to update status',
  failedToAssign: 'Failed to assign request',
  failedToReopen: 'Failed to reopen request',
  failedToCreateReplacement: 'Failed to create replacement request',
  unassigned: 'Unassigned',
  confirmationFileName: (id: number) => `delivery-confirmation-${id}`,
  /** Beyond the spec (issue 25 item 5): the shipping label of a dispatched or delivered request. */
  printShippingLabel: 'Print Shipping Label',
  shippingLabelFileName: (id: number) => `shipping-label-${formatFulfillmentId(id)}.pdf`,
  stockMovements: 'Stock Movements',
  /** The heading of a refused reservation's reason (spec 2: "pending with the reason shown"). */
  kitNotReserved: 'Kit not reserved',
  noStockMovements: 'No stock movements yet',
} as const;

/** The statuses whose kit has left: it has a tracking number, so a shipping label can be printed. */
export const FULFILLMENT_LABEL_STATUSES: readonly FulfillmentStatus[] = ['dispatched', 'delivered'];

/**
 * What inventory did with a request's kit (issue 25 item 5), from its events: reserved (FulfillmentRequested or
 * Reopened), released (cancelled), consumed (dispatched), or refused (too few free units: nothing moved, the
 * request waits with the reason).
 */
export const FULFILLMENT_STOCK_MOVEMENT_TYPES = ['reserved', 'released', 'consumed', 'refused'] as const;
export type FulfillmentStockMovementType = (typeof FULFILLMENT_STOCK_MOVEMENT_TYPES)[number];

export const FULFILLMENT_STOCK_MOVEMENT_LABELS: Readonly<Record<FulfillmentStockMovementType, string>> = {
  reserved: 'Reserved',
  released: 'Released',
  consumed: 'Consumed',
  refused: 'Not reserved',
};

/**
 * The status changes' success messages (Labline's wording: spec 2 §8 gives only the replacement's), and Assign to
 * Me's.
 */
export const FULFILLMENT_DONE_MESSAGES: Readonly<Record<FulfillmentAction, string>> = {
  assign: 'Request marked as assigned',
  dispatch: 'Request marked as dispatched',
  deliver: 'Request marked as delivered',
  cancel: 'Request cancelled',
  reopen: 'Request reopened',
};
export const FULFILLMENT_ASSIGNED_TO_ME = 'Request assigned to you';

/** The server's refusals (400/404/409), each a sentence saying why. */
export const FULFILLMENT_ERRORS = {
  notFound: 'Fulfillment request not found',
  trackingNumberRequired: 'A tracking number is required to mark a request as dispatched',
  illegalTransition: (from: FulfillmentStatus, to: FulfillmentStatus) =>
    from === 'delivered'
      ? `A delivered request is final: it cannot become ${FULFILLMENT_STATUS_LABELS[to].toLowerCase()}`
      : from === to
        ? `The request is already ${FULFILLMENT_STATUS_LABELS[to].toLowerCase()}`
        : `A ${FULFILLMENT_STATUS_LABELS[from].toLowerCase()} request cannot become ${FULFILLMENT_STATUS_LABELS[to].toLowerCase()}`,
  replacementNotCancelled: 'A replacement can be made only for a cancelled request',
  assigneeNotAgent: 'Requests can be assigned only to an active fulfillment manager of the institution',
  testRequestNotFound: 'Test request not found',
  itemNotFound: 'Inventory item not found',
} as const;
