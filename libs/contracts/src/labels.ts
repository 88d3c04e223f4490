/**
 * How the request fields are named to people: the label each has on the web's forms, and the field (with a
 * sentence where the server's own text does not read as one) of the server's field errors. A server failure
 * names its field by the body's key ("password: must be at least 8 characters"); the web shows it as
 * "Password must be at least 8 characters." on the field of that label.
 */
import { CATALOGUE_FIELD_ERRORS } from './catalogue-errors';
import { ERRORS, PATIENT_FIELD_ERRORS } from './errors';
import { TEST_REQUEST_FIELD_ERRORS } from './test-request-errors';

/** The forms' labels by request field. A form whose label differs passes its own (the institution's name). */
export const FIELD_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  password: 'Password',
  current_password: 'Current Password',
  new_password: 'New Password',
  role: 'Role',
  institution_id: 'Institution',
  clinician_institution_ids: 'Clinician Institutions',
  is_active: 'Active User',
  permissions: 'Menu Permissions',
  date_of_birth: 'Date of Birth',
  gender: 'Gender',
  medical_record_number: 'Medical Record Number',
  insurance_number: 'Insurance Number',
  nhs_number: 'NHS Number',
  street_address_1: 'Street Address 1',
  street_address_2: 'Street Address 2',
  city: 'City',
  state: 'State / County',
  postal_code: 'Postal Code',
  country: 'Country',
  institution_ids: 'Institutions',
  clinician_id: 'Clinician',
  contact_preference: 'Contact Preference',
  name: 'Name',
  institution_number: 'Institution Number',
  institution_type: 'Institution Type',
  address: 'Address',
  // the CMS catalogue's forms (spec 3 §2) and lab assignments
  description: 'Description',
  active: 'Active',
  sort_order: 'Sort Order',
  marker_code: 'Marker Code (LOINC)',
  value: 'Sample Volume (µL)',
  units: 'Units',
  units_ucum: 'UCUM Units',
  range_min: 'Range Min',
  range_max: 'Range Max',
  sample_type_ids: 'Sample Types',
  tube_type_ids: 'Tube Types',
  collection_device_ids: 'Collection Devices',
  sample_type_id: 'Sample Type',
  marker_ids: 'Markers',
  max_capacity: 'Max Capacity (µL)',
  lab_id: 'Lab',
  sample_type: 'Sample Type',
  // the order form (spec 1 §4, §7)
  patient_id: 'Patient',
  priority: 'Priority',
  status: 'Status',
  panel_id: 'Panel',
  device_selections: 'Collection Device',
  department: 'Department',
  cms_priority: 'CMS Priority',
  cms_status: 'CMS Status',
  notes: 'Notes',
  custom_data: 'Additional Fields',
  barcode_number: 'Barcode Number',
  expected_test_datetime: 'Expected Test Date',
  fulfillment_by_partner: 'Fulfillment by Partner',
  fulfillment_partner_id: 'Fulfillment Partner',
  test_type_id: 'Test Type',
  custom_message: 'Message',
} as const satisfies Readonly<Record<string, string>>;

/** A server error text that concerns one field: that field, and what to tell the user when the text is terse. */
export interface KnownFieldError {
  field: string | null;
  sentence?: string;
}

const UNKNOWN_INSTITUTION = 'The institution you chose no longer exists or is not yours.';

/** Server texts whose field is not written in them, or which read badly as "<Label> <problem>". */
export const KNOWN_FIELD_ERRORS: Readonly<Record<string, KnownFieldError>> = {
  [PATIENT_FIELD_ERRORS.unknownInstitution]: { field: 'institution_ids', sentence: UNKNOWN_INSTITUTION },
  [PATIENT_FIELD_ERRORS.clinicianRequired]: {
    field: 'clinician_id',
    sentence: 'Please select a clinician: this institution has clinicians to choose from.',
  },
  [PATIENT_FIELD_ERRORS.notAClinicianOfInstitution]: {
    field: 'clinician_id',
    sentence: 'The clinician you chose is no longer an active clinician of this institution.',
  },
  [PATIENT_FIELD_ERRORS.medicalRecordNumberTaken]: {
    field: 'medical_record_number',
    sentence: 'This medical record number is already used by another patient of this institution.',
  },
  // identity answers an institution of the user form that does not exist (or no longer) with this text
  [ERRORS.institutionNotFound]: { field: null, sentence: UNKNOWN_INSTITUTION },
  [ERRORS.atLeastOneInstitution]: { field: 'institution_ids' },
  [ERRORS.cliniciansOneInstitution]: { field: 'institution_ids' },
  [ERRORS.emailAlreadyRegistered]: { field: 'email' },
  [ERRORS.emailCannotChange]: { field: 'email' },
  [ERRORS.passwordRequiredForNewUsers]: { field: 'password' },
  [ERRORS.currentPasswordIncorrect]: { field: 'current_password' },
  [ERRORS.newPasswordTooShort]: { field: 'new_password' },
  [ERRORS.cliniciansNeedInstitution]: { field: 'clinician_institution_ids' },
  [ERRORS.institutionRequiredForRole]: { field: 'institution_id' },
  [ERRORS.superAdminHasNoInstitution]: { field: 'institution_id' },
  [ERRORS.selectAtLeastOnePermission]: { field: 'permissions' },
  [ERRORS.selectAtLeastOneCmsSubPermission]: { field: 'permissions' },
  [ERRORS.selectLabAndSampleType]: { field: null },
  [CATALOGUE_FIELD_ERRORS.ownInstitutionRequired]: {
    field: 'institution_ids',
    sentence: 'Your own institution cannot be removed from this item.',
  },
  [ERRORS.pleaseSelectPatient]: { field: 'patient_id' },
  [ERRORS.allTestsNeedBarcodes]: { field: 'barcode_number' },
  [ERRORS.selectLaboratoryForAllTests]: { field: 'lab_id' },
  [ERRORS.selectOrderingClinician]: { field: 'clinician_id' },
  [ERRORS.selectInstitutionForTestRequest]: { field: 'institution_id' },
  [ERRORS.institutionContextRequired]: { field: null },
  [ERRORS.pleaseEnterMessage]: { field: 'custom_message' },
  [TEST_REQUEST_FIELD_ERRORS.unknownInstitution]: { field: 'institution_id', sentence: UNKNOWN_INSTITUTION },
  [TEST_REQUEST_FIELD_ERRORS.barcodeTaken]: {
    field: 'barcode_number',
    sentence: 'This barcode number is already used by another test request.',
  },
  [CATALOGUE_FIELD_ERRORS.labAlreadyAssigned]: {
    field: 'lab_id',
    sentence: 'This lab is already assigned to the institution for this sample type.',
  },
};
