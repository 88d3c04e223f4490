import { useCallback, useState } from 'react';
import { ApiError } from './apiError';

export interface SaveAction {
  saving: boolean;
  /** The server's `error` text, or the page's default text (spec: 'Failed to save …'); null while none. */
  saveError: string | null;
  /** Runs a save; on failure records its message and answers false, so the form stays editable. */
  run(save: () => Promise<unknown>): Promise<boolean>;
}

/** A form's save: pending state and the error shown above the form (spec 1 §8, spec 3 §8). */
export function useSaveAction(defaultError: string): SaveAction {
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const run = useCallback(
    async (save: () => Promise<unknown>) => {
      setSaving(true);
      setSaveError(null);
      try {
        await save();
        return true;
      } catch (error) {
        setSaveError(error instanceof ApiError ? error.message : defaultError);
        setSaving(false);
        return false;
      }
    },
    [defaultError],
  );
  return { saving, saveError, run };
}
