/**
 * Set-up of the test request e2e files: a reachable patient and a Northwind request, made through the API as
 * Northwind's admin (not what the tests are about).
 */
import {
  clinicianListResponseSchema,
  labAssignmentListResponseSchema,
  patientListResponseSchema,
  patientResponseSchema,
  testFormFieldsResponseSchema,
  testRequestResponseSchema,
  type TestRequestDetail,
} from '@labline/contracts';
import type { Locator, Page } from 'playwright-core';
import { apiAs, DEMO_ACCOUNTS, uniqueName, type System } from './support';

let barcodeCount = 0;
/** A barcode no other test (or earlier run on the same system) uses. */
export const uniqueBarcode = () => `E2E-${Date.now()}-${(barcodeCount += 1)}`;

/** A patient reachable by e-mail and SMS (the SMS sandbox delivers to a number ending in 2). */
export interface ReachablePatient {
  id: number;
  clinician_id: number;
  email: string;
  phone: string;
}

/**
 * A Northwind patient of the demo clinician's, with an e-mail address and a mobile number of its own (what the
 * sandboxes receive for it is this test's alone), registered through the API by Northwind's admin (set-up).
 */
export async function createReachablePatient(system: System): Promise<ReachablePatient> {
  const { user, call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const institutionId = user.institution_id!;
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/clinicians`),
  );
  const clinician = clinicians.find((person) => person.email === DEMO_ACCOUNTS.clinician.email)!;
  const name = uniqueName('reach');
  const phone = `+447700${String(Date.now() % 100_000).padStart(5, '0')}2`;
  const body = {
    first_name: 'Noah',
    last_name: 'Reachable',
    email: `${name}@e2e.labline.test`,
    phone,
    contact_preference: 'both',
    institution_ids: [institutionId],
    clinician_id: clinician.id,
  };
  const { patient } = patientResponseSchema.parse(await call('POST', '/patients', body));
  return { id: patient.id, clinician_id: clinician.id, email: body.email, phone };
}

/** A kit a partner ships for the request (spec 1 §3): the collection device it is for, and the partner's user id. */
export interface PartnerKit {
  device: string;
  partnerId: number;
}

/** A request of Northwind ordered through the API by its admin (set-up for the detail page's actions). */
export async function orderAsNorthwindAdmin(
  system: System,
  markerName = 'HbA1c',
  patient: Pick<ReachablePatient, 'id' | 'clinician_id'> | null = null,
  kit: PartnerKit | null = null,
): Promise<TestRequestDetail> {
  const { user, call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const institutionId = user.institution_id!;
  const fields = testFormFieldsResponseSchema.parse(
    await call('GET', `/cms/test-form-fields?institution_id=${institutionId}`),
  );
  const { labs } = labAssignmentListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/labs?sample_type=Blood`),
  );
  const { patients } = patientListResponseSchema.parse(await call('GET', '/patients?limit=1'));
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/clinicians`),
  );
  const marker = fields.markers.find((item) => item.name === markerName)!;
  const device = fields.collection_devices.find((item) => item.name === (kit?.device ?? 'Venous blood tube set'))!;
  const body = {
    patient_id: patient?.id ?? patients[0]!.id,
    sample_type: 'Blood',
    lab_id: labs[0]!.lab_id,
    marker_ids: JSON.stringify([marker.id]),
    collection_device_ids: JSON.stringify([device.id]),
    barcode_number: uniqueBarcode(),
    institution_id: institutionId,
    clinician_id: patient?.clinician_id ?? clinicians[0]!.id,
    priority: 'urgent',
    ...(kit === null ? {} : { fulfillment_by_partner: true, fulfillment_partner_id: kit.partnerId }),
  };
  return testRequestResponseSchema.parse(await call('POST', '/tests/requests', body)).request;
}

/** The detail page's Cancel, confirmed: answers the mandatory Send Notification dialog (spec 1 §4) it opens. */
export async function startCancel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Cancel$/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Cancel Test Request' })
    .getByRole('button', { name: 'Continue' })
    .click();
  return page.getByRole('dialog', { name: 'Send Notification' });
}
