/**
 * What the fulfillment service's integration tests share: the institutions and users their directory publishes,
 * and the collection device whose kit the partner's orders ask for.
 */
import { testUser } from '@labline/testkit';

export const NORTHWIND = 1;
export const RIVERSIDE = 2;
export const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  clientAdmin: testUser(2, 'client_admin', NORTHWIND, ['Chris', 'Doyle']),
  partner: testUser(3, 'fulfillment_agent', NORTHWIND, ['Priya', 'Patel']),
  northwindAdmin: testUser(4, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  riversideClientAdmin: testUser(5, 'client_admin', RIVERSIDE, ['Rita', 'Stone']),
  clinician: testUser(6, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  labUser: testUser(7, 'lab_user', NORTHWIND, ['Liam', 'Price']),
  otherAgent: testUser(8, 'fulfillment_agent', NORTHWIND, ['Omar', 'Hale']),
} as const;

export const DIRECTORY_INSTITUTIONS: [number, string][] = [
  [NORTHWIND, 'Northwind General Hospital'],
  [RIVERSIDE, 'Riverside Clinic'],
];

/** The collection device of the orders, and the name of the inventory item that is its kit. */
export const KIT = 'Capillary blood collection kit';
