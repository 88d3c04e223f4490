import type { ClinicalEventData } from '@labline/contracts';

/** clinical's PatientRegistered data for a patient of these institutions, as identity receives it. */
export const patient = (patientId: number, institutionIds: number[]): ClinicalEventData<'PatientRegistered'> => ({
  patientId,
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1980-12-10',
  gender: 'Female',
  phone: null,
  email: null,
  insurance_number: null,
  nhs_number: null,
  street_address_1: null,
  street_address_2: null,
  city: null,
  state: null,
  postal_code: null,
  country: null,
  medical_record_number: `MRN-${patientId}`,
  institution_ids: institutionIds,
  clinician_id: null,
});
