import { z } from 'zod';

/**
 * A record's history (GET /patients/{id}/history, /cms/{kind}/{id}/history, /institutions/{id}/labs/{id}/
 * history, /tests/requests/{id}/history), built from its event stream: newest first, who acted, and what each
 * change did to which field. A test request's status moves, cancellation, archiving and notifications to the
 * patient are actions of their own, not edits.
 */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'removed_from_institutions',
  'status_changed',
  'cancelled',
  'archived',
  'restored',
  'notification_sent',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** A field's value as the history shows it: ids are given as names where the service knows them. */
export const historyValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);
export type HistoryValue = z.infer<typeof historyValueSchema>;

export const historyChangeSchema = z.object({
  field: z.string(),
  /** The field's label on the forms (FIELD_LABELS), or the field itself where it has none. */
  label: z.string(),
  from: historyValueSchema,
  to: historyValueSchema,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  /** When the event was recorded (ISO 8601). */
  at: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  /** Who acted: the signed-in user, or null for the system (the demo seed, a consumer). */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * For 'created' every field set; for 'updated' the fields that changed; for 'status_changed' and 'cancelled'
   * the status from → to; for 'deleted', 'archived', 'restored' and 'notification_sent' none.
   */
  changes: z.array(historyChangeSchema),
  /**
   * What the action said, where it said something: the message a notification sent to the patient, the one a
   * cancellation sent with it (spec 1 §4's notification step), or the other service's fact that moved the status
   * ('Kit delivered (FUL-000012)'). Absent otherwise.
   */
  note: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({ history: z.array(historyEntrySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
