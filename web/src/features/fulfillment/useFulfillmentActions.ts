import {
  FULFILLMENT_ASSIGNED_TO_ME,
  FULFILLMENT_DONE_MESSAGES,
  FULFILLMENT_TEXTS,
  type FulfillmentAction,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
} from '@labline/contracts';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback/feedback';
import { useCaller } from '../../app/session/useCaller';
import { describeFailure } from '../../shared/apiError';
import {
  assignFulfillmentRequest,
  changeFulfillmentStatus,
  createReplacement,
  fetchFulfillmentRequest,
  useFulfillmentCache,
  type StatusChangeDetails,
} from './api';

/**
 * The managers' actions on a request, shared by the list's rows and the detail's Update Status menu: each call,
 * its message (the server's sentence on failure, else spec 2 §8's default) and the cache refreshed after it.
 * `busy` is the request being changed, for its buttons to wait.
 */
export function useFulfillmentActions() {
  const caller = useCaller();
  const { message } = useFeedback();
  const cache = useFulfillmentCache();
  const [busy, setBusy] = useState<number | null>(null);
  const [printing, setPrinting] = useState<number | null>(null);

  const run = async (
    id: number,
    call: () => Promise<FulfillmentRequestDetail>,
    done: string,
    defaultError: string,
  ): Promise<boolean> => {
    setBusy(id);
    try {
      const saved = await call();
      void message.success(done);
      await cache.saved(saved);
      return true;
    } catch (failure) {
      void message.error(describeFailure(failure, defaultError).message);
      await cache.changed();
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    /** The request whose shipping label is being made. */
    printing,
    /** A status change (spec 2 §4); dispatch needs a non-empty tracking number, and without one nothing happens. */
    change: (id: number, action: FulfillmentAction, details: StatusChangeDetails = {}) => {
      if (action === 'dispatch' && (details.trackingNumber ?? '').trim() === '') return Promise.resolve(false);
      const trimmed = { ...details, trackingNumber: details.trackingNumber?.trim() };
      return run(
        id,
        () => changeFulfillmentStatus(id, action, trimmed),
        FULFILLMENT_DONE_MESSAGES[action],
        action === 'reopen' ? FULFILLMENT_TEXTS.failedToReopen : FULFILLMENT_TEXTS.failedToUpdateStatus,
      );
    },
    /** Assign to Me: the assign call with the caller. */
    assignToMe: (id: number) =>
      run(
        id,
        () => assignFulfillmentRequest(id, caller.userId),
        FULFILLMENT_ASSIGNED_TO_ME,
        FULFILLMENT_TEXTS.failedToAssign,
      ),
    /** Create Replacement, from a cancelled request. */
    replace: (row: FulfillmentRequestRow) =>
      run(
        row.id,
        () => createReplacement(row),
        FULFILLMENT_TEXTS.replacementCreated,
        FULFILLMENT_TEXTS.failedToCreateReplacement,
      ),
    /** Print Delivery Report: the window opens at once, the report fills it once the detail has loaded. */
    printReport: async (id: number) => {
      const opened = window.open('', '_blank');
      if (opened === null) return;
      try {
        const [documents, request] = await Promise.all([import('./documents'), fetchFulfillmentRequest(id)]);
        documents.writeReport(opened, request);
      } catch (failure) {
        opened.close();
        void message.error(describeFailure(failure, FULFILLMENT_TEXTS.failedToFetchDetails).message);
      }
    },
    /** Print Shipping Label: the request as it is now, drawn by the PDF code loaded at the first click. */
    printShippingLabel: async (id: number) => {
      setPrinting(id);
      try {
        const [label, request] = await Promise.all([import('./shippingLabel'), fetchFulfillmentRequest(id)]);
        await label.downloadShippingLabel(request);
      } catch (failure) {
        void message.error(describeFailure(failure, FULFILLMENT_TEXTS.failedToFetchDetails).message);
      } finally {
        setPrinting(null);
      }
    },
    /** Download Confirmation: the file's code loads at the first click. */
    downloadConfirmation: async (row: FulfillmentRequestRow) => {
      (await import('./documents')).downloadConfirmation(row);
    },
  };
}

export type FulfillmentActions = ReturnType<typeof useFulfillmentActions>;
