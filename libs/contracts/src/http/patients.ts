import { z } from 'zod';
import { contactPreferenceSchema, patientGenderSchema } from '../events/clinical';
import { pageQuerySchema, paginationSchema } from './common';
import {
  FIELD_LIMITS,
  entityIdSchema,
  idText,
  optionalDateOfBirth,
  optionalEmail,
  optionalPhone,
  optionalText,
  requestObject,
  requiredText,
  searchText,
} from './fields';

/**
 * POST /patients and PUT /patients/{id} (spec 1 §5). Empty strings from the form mean "no value".
 * institution_ids: at least one (the first is the primary); a clinician caller may give only one.
 * clinician_id: required when the institution has clinicians; a clinician caller is always the clinician.
 */
export const patientBodySchema = requestObject({
  first_name: requiredText(FIELD_LIMITS.personName),
  last_name: requiredText(FIELD_LIMITS.personName),
  date_of_birth: optionalDateOfBirth,
  gender: z
    .union([z.literal(''), patientGenderSchema])
    .nullish()
    .transform((value) => (value ? value : null)),
  phone: optionalPhone,
  email: optionalEmail,
  insurance_number: optionalText(FIELD_LIMITS.insuranceNumber),
  nhs_number: optionalText(FIELD_LIMITS.nhsNumber),
  street_address_1: optionalText(FIELD_LIMITS.streetAddress),
  street_address_2: optionalText(FIELD_LIMITS.streetAddress),
  city: optionalText(FIELD_LIMITS.city),
  state: optionalText(FIELD_LIMITS.state),
  postal_code: optionalText(FIELD_LIMITS.postalCode),
  country: optionalText(FIELD_LIMITS.country),
  medical_record_number: optionalText(FIELD_LIMITS.medicalRecordNumber),
  institution_ids: z.array(entityIdSchema).max(20, 'must list at most 20 institutions'),
  clinician_id: entityIdSchema.nullish().transform((value) => value ?? null),
  /** Absent: the default on create, unchanged on edit (a client that predates the field keeps it). */
  contact_preference: contactPreferenceSchema.optional(),
});
export type PatientBody = z.input<typeof patientBodySchema>;
export type PatientInput = z.output<typeof patientBodySchema>;

/** A test request as the patient detail lists it (filled once test requests exist). */
export const patientTestRequestSchema = z.object({
  id: z.number().int(),
  test_name: z.string().nullable(),
  status: z.string(),
  priority: z.string(),
  requested_at: z.string(),
  clinician_name: z.string().nullable(),
});
export type PatientTestRequest = z.infer<typeof patientTestRequestSchema>;

/** The patient of spec 1 §3 as the clinical service answers it. */
export const patientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: patientGenderSchema.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  insurance_number: z.string().nullable(),
  nhs_number: z.string().nullable(),
  street_address_1: z.string().nullable(),
  street_address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  medical_record_number: z.string(),
  /** Primary institution (the first of institution_ids) and its name. */
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  institution_ids: z.array(z.number().int()),
  institution_names: z.array(z.string()),
  clinician_id: z.number().int().nullable(),
  clinician_first_name: z.string().nullable(),
  clinician_last_name: z.string().nullable(),
  contact_preference: contactPreferenceSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientDetailSchema = patientSchema.extend({ test_requests: z.array(patientTestRequestSchema) });
export type PatientDetail = z.infer<typeof patientDetailSchema>;

/** GET /patients: search over name, MRN and e-mail; institution_id narrows (super_admin filter). */
export const patientListQuerySchema = pageQuerySchema.extend({
  search: searchText,
  institution_id: idText.optional(),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

export const patientListResponseSchema = z.object({
  patients: z.array(patientSchema),
  pagination: paginationSchema,
});
export type PatientListResponse = z.infer<typeof patientListResponseSchema>;

export const patientResponseSchema = z.object({ patient: patientSchema });
export const patientDetailResponseSchema = z.object({ patient: patientDetailSchema });

/** GET /patients/institution/{id} (spec 3 §3, patient in institution view). */
export const institutionPatientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  medical_record_number: z.string(),
  clinician: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
});
export const institutionPatientsResponseSchema = z.object({ patients: z.array(institutionPatientSchema) });
