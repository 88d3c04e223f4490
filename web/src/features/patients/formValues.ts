/** The patient form's values and their conversion from a loaded patient and to the request body. */
import {
  DEFAULT_CONTACT_PREFERENCE,
  type ContactPreference,
  type PATIENT_GENDERS,
  type Patient,
  type PatientBody,
} from '@labline/contracts';
import type { DateBoxValue } from '../../shared/typedDate';

export type PatientGender = (typeof PATIENT_GENDERS)[number];

export interface PatientFormValues {
  first_name: string;
  last_name: string;
  medical_record_number: string;
  /** The date (YYYY-MM-DD), or the text typed when it is not one (the field says why; see DateField). */
  date_of_birth: DateBoxValue;
  gender: PatientGender | null;
  phone: string;
  email: string;
  insurance_number: string;
  nhs_number: string;
  street_address_1: string;
  street_address_2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  institution_ids: number[];
  clinician_id: number | null;
  contact_preference: ContactPreference;
}

export function emptyFormValues(institutionIds: number[], clinicianId: number | null): PatientFormValues {
  return {
    first_name: '',
    last_name: '',
    medical_record_number: '',
    date_of_birth: null,
    gender: null,
    phone: '',
    email: '',
    insurance_number: '',
    nhs_number: '',
    street_address_1: '',
    street_address_2: '',
    city: '',
    state: '',
    postal_code: '',
    country: '',
    institution_ids: institutionIds,
    clinician_id: clinicianId,
    contact_preference: DEFAULT_CONTACT_PREFERENCE,
  };
}

export function formValuesOf(patient: Patient): PatientFormValues {
  return {
    first_name: patient.first_name,
    last_name: patient.last_name,
    medical_record_number: patient.medical_record_number,
    date_of_birth: patient.date_of_birth,
    gender: patient.gender,
    phone: patient.phone ?? '',
    email: patient.email ?? '',
    insurance_number: patient.insurance_number ?? '',
    nhs_number: patient.nhs_number ?? '',
    street_address_1: patient.street_address_1 ?? '',
    street_address_2: patient.street_address_2 ?? '',
    city: patient.city ?? '',
    state: patient.state ?? '',
    postal_code: patient.postal_code ?? '',
    country: patient.country ?? '',
    institution_ids: patient.institution_ids.length > 0 ? patient.institution_ids : [patient.institution_id],
    clinician_id: patient.clinician_id,
    contact_preference: patient.contact_preference,
  };
}

/** Empty texts are sent as they are: the contract reads them as "no value" (and the MRN as "generate one"). */
export function patientBodyOf(values: PatientFormValues): PatientBody {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    medical_record_number: values.medical_record_number ?? '',
    date_of_birth: values.date_of_birth ?? null,
    gender: values.gender ?? null,
    phone: values.phone ?? '',
    email: values.email ?? '',
    insurance_number: values.insurance_number ?? '',
    nhs_number: values.nhs_number ?? '',
    street_address_1: values.street_address_1 ?? '',
    street_address_2: values.street_address_2 ?? '',
    city: values.city ?? '',
    state: values.state ?? '',
    postal_code: values.postal_code ?? '',
    country: values.country ?? '',
    institution_ids: values.institution_ids,
    clinician_id: values.clinician_id ?? null,
    contact_preference: values.contact_preference ?? DEFAULT_CONTACT_PREFERENCE,
  };
}
