/**
 * Patient vocabulary the web's forms read (spec 1 §3), free of zod like limits.ts: a page that imports a value
 * from a module with schemas keeps zod in its bundle (web/build/pureContracts.ts).
 */
export const PATIENT_GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;
