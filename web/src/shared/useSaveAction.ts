import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { describeFailure, type FieldLabels } from './apiError';

export interface SaveAction {
  saving: boolean;
  /** The failure as sentences (shared/apiError), or the page's default text (spec: 'Failed to save …'); null while none. */
  saveError: string | null;
  /** Runs a save; on failure records its message and answers false, so the form stays editable. */
  run(save: () => Promise<unknown>): Promise<boolean>;
}

export interface SaveActionOptions {
  /** The form whose fields show the errors the server gives for them. */
  form?: FormInstance;
  /** The form's labels where they differ from the contracts' FIELD_LABELS. */
  labels?: FieldLabels;
}

/**
 * A form's save: pending state, the error shown above the form (spec 1 §8, spec 3 §8) and, for a field the
 * server refused, the same sentence on that field.
 */
export function useSaveAction(defaultError: string, { form, labels }: SaveActionOptions = {}): SaveAction {
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
        const { message, fields } = describeFailure(error, defaultError, labels);
        // Before the state change: fields drawn from the form's errors read them on the next render.
        form?.setFields(fields);
        setSaveError(message);
        return false;
      } finally {
        // A page that leaves on success has unmounted by now; a form that stays (the profile) is ready again.
        setSaving(false);
      }
    },
    [defaultError, form, labels],
  );
  return { saving, saveError, run };
}
