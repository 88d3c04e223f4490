import { z } from 'zod';
import { roleSchema } from '../access-schemas';
import { INSTITUTION_TYPES } from '../events/identity';
import { FIELD_LIMITS, optionalEmail, optionalPhone, optionalText, requestObject, requiredText } from './fields';

/** The institution of spec 3 §3. */
export const institutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  institution_number: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  institution_type: z.string(),
  /** External lab integration (issue 27): the test request panel submits orders only when on. */
  api_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Institution = z.infer<typeof institutionSchema>;

/**
 * POST /institutions and PUT /institutions/{id}; institution_type defaults to Hospital. The address is the
 * one multi-line field (the form's text area).
 */
export const institutionBodySchema = requestObject({
  name: requiredText(FIELD_LIMITS.institutionName),
  institution_number: optionalText(FIELD_LIMITS.institutionNumber),
  address: optionalText(FIELD_LIMITS.institutionAddress, { multiline: true }),
  phone: optionalPhone,
  email: optionalEmail,
  institution_type: z.enum(INSTITUTION_TYPES).optional().default('Hospital'),
  api_enabled: z.boolean().optional().default(false),
});
export type InstitutionBody = z.input<typeof institutionBodySchema>;
export type InstitutionInput = z.output<typeof institutionBodySchema>;

/** GET /institutions and GET /institutions/my. */
export const institutionListResponseSchema = z.object({ institutions: z.array(institutionSchema) });
export const institutionResponseSchema = z.object({ institution: institutionSchema });

/** GET /institutions/{id}/stats (spec 3 §3), projected from clinical's events. */
export const institutionStatsSchema = z.object({
  users: z.number().int(),
  patients: z.number().int(),
  test_requests: z.number().int(),
  pending_requests: z.number().int(),
});
export type InstitutionStats = z.infer<typeof institutionStatsSchema>;
export const institutionStatsResponseSchema = z.object({ stats: institutionStatsSchema });

/** GET /institutions/{id}/clinicians: the active clinicians linked to the institution. */
/**
 * A clinician of an institution: the patient form's picker gets id, name and role only; the institution's
 * administrators (its Clinicians tab) also the e-mail.
 */
export const clinicianSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  email: z.string().optional(),
});
export type Clinician = z.infer<typeof clinicianSchema>;
export const clinicianListResponseSchema = z.object({ clinicians: z.array(clinicianSchema) });
