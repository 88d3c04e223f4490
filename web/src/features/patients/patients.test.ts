/// <reference types="node" />
/**
 * The pure helpers behind the patient pages: which list actions show, age, address, phone and the request body.
 * Edit and delete on a patient are the contracts' canEditPatient and canDeletePatient, whose cells (each role
 * on a patient assigned to them and on another clinician's) are in libs/contracts/src/records.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { callerFromUser, type Role } from '@labline/contracts';
import { formatPhoneNumber } from '../../shared/phone';
import { pageRange } from '../../shared/PaginationFooter';
import { addressLines, ageFromDateOfBirth } from './format';
import { emptyFormValues, patientBodyOf } from './formValues';
import { patientListActions } from './listActions';

/** A caller of the role in institution 1 with the role's default sections. */
const listActionsOf = (role: Role) =>
  patientListActions(
    callerFromUser({
      id: 7,
      role,
      institution_id: role === 'super_admin' ? null : 1,
      clinician_institution_ids: [],
      permissions: [],
    }),
  );

describe('patient list actions (spec 1 §2, §6)', () => {
  test('Add Patient: hidden for lab_user; the empty-state button for neither lab users nor clinicians', () => {
    assert.equal(listActionsOf('lab_user').add, false);
    assert.equal(listActionsOf('clinician').add, true);
    assert.equal(listActionsOf('clinician').addFromEmptyState, false);
    assert.equal(listActionsOf('lab_user').addFromEmptyState, false);
    assert.equal(listActionsOf('institution_admin').addFromEmptyState, true);
  });

  test('the institution filter is for super_admin only, the banner for institution_admin', () => {
    assert.deepEqual((['super_admin', 'institution_admin', 'clinician'] as const).map(listActionsOf), [
      { add: true, addFromEmptyState: true, filterByInstitution: true, showInstitutionBanner: false },
      { add: true, addFromEmptyState: true, filterByInstitution: false, showInstitutionBanner: true },
      { add: true, addFromEmptyState: false, filterByInstitution: false, showInstitutionBanner: false },
    ]);
  });
});

describe('display helpers', () => {
  test('age counts whole years and waits for the birthday', () => {
    const today = new Date(2026, 10, 23);
    assert.equal(ageFromDateOfBirth('1990-11-23', today), 36);
    assert.equal(ageFromDateOfBirth('1990-11-24', today), 35);
    assert.equal(ageFromDateOfBirth('2026-11-23', today), 0);
    assert.equal(ageFromDateOfBirth(null, today), null);
    assert.equal(ageFromDateOfBirth('not a date', today), null);
  });

  test('the address block has only the parts that exist, and none when nothing exists', () => {
    const none = {
      street_address_1: null,
      street_address_2: null,
      city: null,
      state: null,
      postal_code: null,
      country: null,
    };
    assert.deepEqual(addressLines(none), []);
    assert.deepEqual(addressLines({ ...none, city: 'Leeds', postal_code: 'LS1 4AP' }), ['Leeds, LS1 4AP']);
  });

  test('a stored phone number shows as flag, dial code and number', () => {
    assert.equal(formatPhoneNumber('+44 7700 900123'), '🇬🇧 +44 7700 900123');
    assert.equal(formatPhoneNumber('+1 212 555 0100'), '🇺🇸 +1 212 555 0100');
    assert.equal(formatPhoneNumber(''), '');
    assert.equal(formatPhoneNumber(null), '');
  });

  test('the pagination footer counts rows from one and stops at the total', () => {
    assert.deepEqual(pageRange({ page: 1, limit: 10, total: 23, pages: 3 }), { from: 1, to: 10 });
    assert.deepEqual(pageRange({ page: 3, limit: 10, total: 23, pages: 3 }), { from: 21, to: 23 });
    assert.deepEqual(pageRange({ page: 1, limit: 10, total: 0, pages: 0 }), { from: 0, to: 0 });
  });
});

test('the request body sends the date as YYYY-MM-DD and empty fields as empty (no value, MRN generated)', () => {
  const values = {
    ...emptyFormValues([4], 9),
    first_name: 'Ada',
    last_name: 'Byron',
    date_of_birth: '1990-02-14',
  };
  const body = patientBodyOf(values);
  assert.equal(body.date_of_birth, '1990-02-14');
  assert.equal(body.medical_record_number, '');
  assert.deepEqual(body.institution_ids, [4]);
  assert.equal(body.clinician_id, 9);
  assert.equal(patientBodyOf(emptyFormValues([4], null)).date_of_birth, null);
});

test("a new patient's contact preference starts as 'both' (the channels the details allow) and is sent as chosen", () => {
  assert.equal(patientBodyOf(emptyFormValues([4], null)).contact_preference, 'both');
  assert.equal(patientBodyOf({ ...emptyFormValues([4], null), contact_preference: 'sms' }).contact_preference, 'sms');
});
