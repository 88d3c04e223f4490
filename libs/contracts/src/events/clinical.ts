import { z } from 'zod';
import { calendarDateSchema, entityIdSchema } from '../http/fields';
import { CONTACT_PREFERENCES, DEFAULT_CONTACT_PREFERENCE } from '../notifications';
import { PATIENT_GENDERS } from '../patients';
import { CATALOGUE_EVENT_SCHEMAS } from './catalogue';
import { TEST_REQUEST_EVENT_SCHEMAS } from './test-requests';

/**
 * Clinical events of the Patient aggregate (stream `patient-{id}`). Every event carries the whole
 * demographic snapshot, so a consumer (identity's institution stats, fulfillment's patient addresses,
 * results' patient names) never needs an earlier event to know the current state.
 */
export const patientGenderSchema = z.enum(PATIENT_GENDERS);
export const contactPreferenceSchema = z.enum(CONTACT_PREFERENCES, {
  error: `must be one of ${CONTACT_PREFERENCES.join(', ')}`,
});

export const patientSnapshotSchema = z.object({
  patientId: entityIdSchema,
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  date_of_birth: calendarDateSchema.nullable(),
  gender: patientGenderSchema.nullable(),
  phone: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
  insurance_number: z.string().max(100).nullable(),
  nhs_number: z.string().max(20).nullable(),
  street_address_1: z.string().max(200).nullable(),
  street_address_2: z.string().max(200).nullable(),
  city: z.string().max(100).nullable(),
  state: z.string().max(100).nullable(),
  postal_code: z.string().max(20).nullable(),
  country: z.string().max(100).nullable(),
  medical_record_number: z.string().max(50),
  /** The first is the primary institution. */
  institution_ids: z.array(entityIdSchema).min(1),
  clinician_id: entityIdSchema.nullable(),
  /** Which channels the patient may be messaged on; events recorded before it existed read as the default. */
  contact_preference: contactPreferenceSchema.default(DEFAULT_CONTACT_PREFERENCE),
});
export type PatientSnapshot = z.infer<typeof patientSnapshotSchema>;

export const patientRegisteredSchema = patientSnapshotSchema;
export const patientUpdatedSchema = patientSnapshotSchema;
export const patientDeletedSchema = z.object({
  patientId: entityIdSchema,
  institution_ids: z.array(entityIdSchema),
});

/**
 * An administrator of some but not all of a shared patient's institutions deleted it: it leaves theirs and
 * stays on record for the others (the first remaining one is the primary).
 */
export const patientRemovedFromInstitutionsSchema = z.object({
  patientId: entityIdSchema,
  removed_institution_ids: z.array(entityIdSchema).min(1),
  institution_ids: z.array(entityIdSchema).min(1),
});

export const CLINICAL_EVENT_SCHEMAS = {
  PatientRegistered: patientRegisteredSchema,
  PatientUpdated: patientUpdatedSchema,
  PatientDeleted: patientDeletedSchema,
  PatientRemovedFromInstitutions: patientRemovedFromInstitutionsSchema,
  ...CATALOGUE_EVENT_SCHEMAS,
  ...TEST_REQUEST_EVENT_SCHEMAS,
} as const;
export type ClinicalEventType = keyof typeof CLINICAL_EVENT_SCHEMAS;
export type ClinicalEventData<T extends ClinicalEventType> = z.infer<(typeof CLINICAL_EVENT_SCHEMAS)[T]>;
