import type { FormItemProps } from 'antd';

/** Server errors of one test by request field (shared/apiError's field errors). */
export type ServerFieldErrors = Readonly<Record<string, readonly string[]>>;

/** A form item's red state and text: the server's errors for its fields first, else the missing-item text. */
export function fieldStatus(
  missing: boolean,
  missingText: string,
  serverErrors: ServerFieldErrors,
  fields: readonly string[],
): Pick<FormItemProps, 'validateStatus' | 'help'> {
  const errors = fields.flatMap((field) => serverErrors[field] ?? []);
  if (errors.length > 0) return { validateStatus: 'error', help: errors.join(' ') };
  return missing ? { validateStatus: 'error', help: missingText } : {};
}
