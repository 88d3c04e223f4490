/** A test request's recipient for the message builders' unit tests. */
import type { TestRequestRecipient } from './projections/clinical/queries';

export const testRecipient = (overrides: Partial<TestRequestRecipient> = {}): TestRequestRecipient => ({
  test_request_id: 42,
  test_name: 'Glucose',
  institution_id: 1,
  institution_name: 'Northwind General Hospital',
  patient_id: 7,
  first_name: 'Amelia',
  last_name: 'Thompson',
  email: 'amelia@example.com',
  phone: '+44 7700 900123',
  contact_preference: 'both',
  patient_deleted: false,
  ...overrides,
});
