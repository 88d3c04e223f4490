import { RESULT_TEXTS, type ResultDetail, type ResultStatus } from '@labline/contracts';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback/feedback';
import { ApiError, describeFailure } from '../../shared/apiError';
import { fetchResult, reviewResult, useResultCache } from './api';
import { reviewDone } from './model';

/**
 * spec 2 §8's PDF errors: 404 says Test result not found, 403 You do not have permission to download this PDF,
 * another answer from the server says its own sentence, and anything else Failed to generate PDF.
 */
export function pdfFailure(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.status === 404) return RESULT_TEXTS.pdfNotFound;
    if (failure.status === 403) return RESULT_TEXTS.pdfForbidden;
    if (failure.serverText !== '') return failure.message;
  }
  return RESULT_TEXTS.failedToGeneratePdf;
}

/**
 * The results' actions shared by the list's rows and the detail: the Review menu's move (its message, the
 * server's sentence on failure, else Failed to mark as reviewed) and the PDF report. `busy` is the result being
 * moved, `printing` the one whose report is being drawn.
 */
export function useResultActions() {
  const { message } = useFeedback();
  const cache = useResultCache();
  const [busy, setBusy] = useState<number | null>(null);
  const [printing, setPrinting] = useState<number | null>(null);

  return {
    busy,
    printing,
    review: async (id: number, displayId: string, to: ResultStatus): Promise<boolean> => {
      setBusy(id);
      try {
        const saved = await reviewResult(id, to);
        void message.success(reviewDone(displayId, to));
        await cache.saved(saved);
        return true;
      } catch (failure) {
        void message.error(describeFailure(failure, RESULT_TEXTS.failedToMarkReviewed).message);
        await cache.changed();
        return false;
      } finally {
        setBusy(null);
      }
    },
    /** Generate PDF: the result as it is now (or as the detail shows it), drawn by the code loaded at the first click. */
    downloadPdf: async (id: number, shown?: ResultDetail) => {
      setPrinting(id);
      try {
        const [report, result] = await Promise.all([import('./report'), shown ?? fetchResult(id)]);
        await report.downloadResultReport(result);
      } catch (failure) {
        void message.error(pdfFailure(failure));
      } finally {
        setPrinting(null);
      }
    },
  };
}

export type ResultActions = ReturnType<typeof useResultActions>;
