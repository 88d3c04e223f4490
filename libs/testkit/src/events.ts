/**
 * Other services' event data as they publish it, for the tests of a service that consumes their events:
 * identity's institutions and users, clinical's patients and test requests, inventory's items. Every field the event's schema
 * has, with plain values; a test passes the fields it cares about.
 */
import type { ClinicalEventData, IdentityEventData, InventoryEventData, Role } from '@labline/contracts';

/** A user of a service's tests: who a token is minted for, and whom identity's events describe. */
export interface TestUser {
  id: number;
  role: Role;
  institution_id: number | null;
  clinician_institution_ids: number[];
  first_name: string;
  last_name: string;
}

/** A test user; `linked`: a clinician's institutions (identity's clinician_institution_ids). */
export const testUser = (
  id: number,
  role: Role,
  institutionId: number | null,
  [firstName, lastName]: [string, string],
  linked: number[] = [],
): TestUser => ({
  id,
  role,
  institution_id: institutionId,
  clinician_institution_ids: linked,
  first_name: firstName,
  last_name: lastName,
});

/** A test user's e-mail address: first.last@test.labline, lower-cased. */
export const testUserEmail = (member: Pick<TestUser, 'first_name' | 'last_name'>): string =>
  `${member.first_name}.${member.last_name}@test.labline`.toLowerCase();

/** identity's InstitutionRegistered data for a hospital of this id and name. */
export const institutionRegisteredData = (
  institutionId: number,
  name: string,
  address: string | null = null,
): IdentityEventData<'InstitutionRegistered'> => ({
  institutionId,
  name,
  institution_number: null,
  address,
  phone: null,
  email: null,
  institution_type: 'Hospital',
  api_enabled: false,
});

/** identity's UserRegistered data for an active test user (without menu permissions or phone). */
export const userRegisteredData = (member: TestUser): IdentityEventData<'UserRegistered'> => ({
  userId: member.id,
  email: testUserEmail(member),
  first_name: member.first_name,
  last_name: member.last_name,
  phone: null,
  role: member.role,
  institution_id: member.institution_id,
  clinician_institution_ids: member.clinician_institution_ids,
  permissions: [],
  is_active: true,
});

/** clinical's PatientRegistered data for a patient of these institutions (no contact details, no clinician). */
export const patientRegisteredData = (
  patientId: number,
  institutionIds: number[],
  fields: Partial<ClinicalEventData<'PatientRegistered'>> = {},
): ClinicalEventData<'PatientRegistered'> => ({
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
  contact_preference: 'both',
  ...fields,
});

/** clinical's TestRequestCreated (and Updated) data for a pending HbA1c request of an institution. */
export const testRequestCreatedData = (
  testRequestId: number,
  institutionId: number,
  fields: Partial<ClinicalEventData<'TestRequestCreated'>> = {},
): ClinicalEventData<'TestRequestCreated'> => ({
  testRequestId,
  patient_id: 501,
  institution_id: institutionId,
  clinician_id: null,
  requested_by: null,
  test_type_id: 1,
  priority: 'normal',
  status: 'pending',
  sample_type_id: 11,
  sample_type: 'Blood',
  panel_id: null,
  marker_ids: [21],
  collection_device_ids: [31],
  device_selections: [{ device_id: 31, device_name: 'Tube', quantity: 1, required_volume: 50, total_capacity: 100 }],
  test_name: 'HbA1c',
  department: null,
  cms_priority: null,
  cms_status: null,
  notes: null,
  custom_data: null,
  barcode_number: `BC-${testRequestId}`,
  expected_test_datetime: null,
  lab_id: 41,
  fulfillment_by_partner: false,
  fulfillment_partner_id: null,
  ...fields,
});

/** inventory's InventoryItemCreated data: a test kit item (global when `institutionId` is null) with its stock. */
export const inventoryItemCreatedData = (
  itemId: number,
  name: string,
  institutionId: number | null,
  fields: Partial<InventoryEventData<'InventoryItemCreated'>> = {},
): InventoryEventData<'InventoryItemCreated'> => ({
  itemId,
  item_name: name,
  item_sku: `SKU-${itemId}`,
  item_description: null,
  category: 'Test Kits',
  location: null,
  minimum_threshold: 10,
  po_number: 'PO-1',
  purchase_date: null,
  received_date: null,
  institution_id: institutionId,
  quantity_available: 50,
  ...fields,
});
