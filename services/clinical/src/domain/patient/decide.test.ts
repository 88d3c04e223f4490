import { describe, it } from 'vitest';
import { ERRORS, PATIENT_FIELD_ERRORS, type Caller, type PatientInput, type PatientSnapshot } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { admin, NORTHWIND, RIVERSIDE, superAdmin, violation } from '../callers.fixture';
import { patientDecider, type PatientFacts } from './decide';

const spec = deciderSpecification(patientDecider);

const clinician: Caller = {
  userId: 3,
  role: 'clinician',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND, RIVERSIDE],
  permissions: [],
};
const otherClinician: Caller = {
  userId: 9,
  role: 'clinician',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND],
  permissions: [],
};
const labUser: Caller = {
  userId: 4,
  role: 'lab_user',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND],
  permissions: [],
};
const clientAdmin: Caller = {
  userId: 5,
  role: 'client_admin',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND],
  permissions: [],
};
const riversideAdmin: Caller = {
  userId: 6,
  role: 'institution_admin',
  institutionId: RIVERSIDE,
  institutionIds: [RIVERSIDE],
  permissions: [],
};

const facts: PatientFacts = { knownInstitutionIds: [NORTHWIND, RIVERSIDE], primaryInstitutionClinicianIds: [3, 9] };
const noClinicians: PatientFacts = { ...facts, primaryInstitutionClinicianIds: [] };

const form: PatientInput = {
  first_name: 'Amelia',
  last_name: 'Thompson',
  date_of_birth: '1980-04-12',
  gender: 'Female',
  phone: '+44 7700 900123',
  email: 'amelia@example.com',
  insurance_number: null,
  nhs_number: null,
  street_address_1: null,
  street_address_2: null,
  city: null,
  state: null,
  postal_code: null,
  country: null,
  medical_record_number: null,
  institution_ids: [NORTHWIND],
  clinician_id: 3,
};

const { institution_ids: _i, clinician_id: _c, medical_record_number: _m, ...demographics } = form;
const registered: PatientSnapshot = {
  patientId: 42,
  ...demographics,
  medical_record_number: 'MRN-1-000042',
  institution_ids: [NORTHWIND],
  clinician_id: 3,
  contact_preference: 'both',
};

const register = (caller: Caller, input: Partial<PatientInput> = {}, given: PatientFacts = facts) => ({
  type: 'RegisterPatient' as const,
  data: { patientId: 42, input: { ...form, ...input }, caller, facts: given },
});
const update = (caller: Caller, input: Partial<PatientInput> = {}, given: PatientFacts = facts) => ({
  type: 'UpdatePatient' as const,
  data: { patientId: 42, input: { ...form, ...input }, caller, facts: given },
});
const remove = (caller: Caller) => ({ type: 'DeletePatient' as const, data: { patientId: 42, caller } });

describe('patient decider: registration', () => {
  it('registers with a generated record number when none is given', () => {
    spec
      .given([])
      .when(register(admin))
      .then([{ type: 'PatientRegistered', data: registered }]);
  });

  it('keeps a given record number', () => {
    spec
      .given([])
      .when(register(superAdmin, { medical_record_number: 'NW-7' }))
      .then([{ type: 'PatientRegistered', data: { ...registered, medical_record_number: 'NW-7' } }]);
  });

  it('refuses lab users (403), and accepts client admins', () => {
    spec.given([]).when(register(labUser)).thenThrows(violation('forbidden'));
    spec
      .given([])
      .when(register(clientAdmin))
      .then([{ type: 'PatientRegistered', data: registered }]);
  });

  it('needs at least one institution', () => {
    spec
      .given([])
      .when(register(admin, { institution_ids: [] }))
      .thenThrows(violation('invalid', ERRORS.atLeastOneInstitution));
  });

  it('lets a clinician choose only one institution and files the patient under them', () => {
    spec
      .given([])
      .when(register(clinician, { institution_ids: [NORTHWIND, RIVERSIDE] }))
      .thenThrows(violation('invalid', ERRORS.cliniciansOneInstitution));
    spec
      .given([])
      .when(register(clinician, { clinician_id: 9 }))
      .then([{ type: 'PatientRegistered', data: { ...registered, clinician_id: 3 } }]);
  });

  it('refuses unknown institutions and institutions outside the caller scope alike', () => {
    const unknown = violation('invalid', PATIENT_FIELD_ERRORS.unknownInstitution);
    spec
      .given([])
      .when(register(superAdmin, { institution_ids: [77] }))
      .thenThrows(unknown);
    spec
      .given([])
      .when(register(admin, { institution_ids: [RIVERSIDE] }))
      .thenThrows(unknown);
    spec
      .given([])
      .when(register(admin, { institution_ids: [NORTHWIND, RIVERSIDE] }))
      .thenThrows(unknown);
  });

  it('requires a clinician when the institution has clinicians, one of its own', () => {
    spec
      .given([])
      .when(register(admin, { clinician_id: null }))
      .thenThrows(violation('invalid', PATIENT_FIELD_ERRORS.clinicianRequired));
    spec
      .given([])
      .when(register(admin, { clinician_id: 12 }))
      .thenThrows(violation('invalid', PATIENT_FIELD_ERRORS.notAClinicianOfInstitution));
    spec
      .given([])
      .when(register(admin, { clinician_id: null }, noClinicians))
      .then([{ type: 'PatientRegistered', data: { ...registered, clinician_id: null } }]);
  });

  it("records the contact preference chosen, and 'both' (as the details allow) when the form has none", () => {
    spec
      .given([])
      .when(register(admin, { contact_preference: 'sms' }))
      .then([{ type: 'PatientRegistered', data: { ...registered, contact_preference: 'sms' } }]);
    spec
      .given([])
      .when(register(admin, { contact_preference: undefined }))
      .then([{ type: 'PatientRegistered', data: registered }]);
  });

  it('refuses registering the same patient twice', () => {
    spec
      .given([{ type: 'PatientRegistered', data: registered }])
      .when(register(admin))
      .thenThrows(violation('conflict'));
  });
});

describe('patient decider: edit and delete', () => {
  const history = [{ type: 'PatientRegistered' as const, data: registered }];
  const renamed = { ...registered, first_name: 'Amy' };

  it('lets administrators in scope and the assigned clinician edit', () => {
    for (const caller of [superAdmin, admin]) {
      spec
        .given(history)
        .when(update(caller, { first_name: 'Amy' }))
        .then([{ type: 'PatientUpdated', data: renamed }]);
    }
    spec
      .given(history)
      .when(update(clinician, { first_name: 'Amy' }))
      .then([{ type: 'PatientUpdated', data: renamed }]);
  });

  it('keeps the record number when the form leaves it empty, and records nothing for an unchanged form', () => {
    spec.given(history).when(update(admin)).then([]);
  });

  it('changes the contact preference, and keeps it when the form leaves it out', () => {
    const emailOnly = { ...registered, contact_preference: 'email' as const };
    spec
      .given(history)
      .when(update(admin, { contact_preference: 'email' }))
      .then([{ type: 'PatientUpdated', data: emailOnly }]);
    spec
      .given([...history, { type: 'PatientUpdated' as const, data: emailOnly }])
      .when(update(admin, { contact_preference: undefined }))
      .then([]);
  });

  it('answers 404 outside the caller scope and 403 to roles that only read', () => {
    spec.given(history).when(update(riversideAdmin)).thenThrows(violation('not_found', ERRORS.patientNotFound));
    spec.given(history).when(update(otherClinician)).thenThrows(violation('not_found'));
    spec.given(history).when(update(labUser)).thenThrows(violation('forbidden'));
    spec.given(history).when(update(clientAdmin)).thenThrows(violation('forbidden'));
  });

  it('deletes for administrators only', () => {
    spec
      .given(history)
      .when(remove(admin))
      .then([{ type: 'PatientDeleted', data: { patientId: 42, institution_ids: [NORTHWIND] } }]);
    spec.given(history).when(remove(clinician)).thenThrows(violation('forbidden'));
    spec.given(history).when(remove(riversideAdmin)).thenThrows(violation('not_found'));
  });

  it('treats a deleted or unknown patient as not found', () => {
    const deleted = [...history, { type: 'PatientDeleted' as const, data: { patientId: 42, institution_ids: [1] } }];
    spec.given(deleted).when(update(superAdmin)).thenThrows(violation('not_found'));
    spec.given(deleted).when(remove(superAdmin)).thenThrows(violation('not_found'));
    spec.given([]).when(update(superAdmin)).thenThrows(violation('not_found'));
  });
});

describe('patient decider: a patient shared by two institutions', () => {
  const shared = { ...registered, institution_ids: [NORTHWIND, RIVERSIDE] };
  const history = [{ type: 'PatientRegistered' as const, data: shared }];

  it("takes the patient out of an administrator's institutions only, and deletes it with the last", () => {
    spec
      .given(history)
      .when(remove(admin))
      .then([
        {
          type: 'PatientRemovedFromInstitutions',
          data: { patientId: 42, removed_institution_ids: [NORTHWIND], institution_ids: [RIVERSIDE] },
        },
      ]);
    const removedFromNorthwind = [
      ...history,
      {
        type: 'PatientRemovedFromInstitutions' as const,
        data: { patientId: 42, removed_institution_ids: [NORTHWIND], institution_ids: [RIVERSIDE] },
      },
    ];
    spec.given(removedFromNorthwind).when(remove(admin)).thenThrows(violation('not_found'));
    spec
      .given(removedFromNorthwind)
      .when(remove(riversideAdmin))
      .then([{ type: 'PatientDeleted', data: { patientId: 42, institution_ids: [RIVERSIDE] } }]);
  });

  it('lets a super_admin delete it for all', () => {
    spec
      .given(history)
      .when(remove(superAdmin))
      .then([{ type: 'PatientDeleted', data: { patientId: 42, institution_ids: [NORTHWIND, RIVERSIDE] } }]);
  });

  it('keeps the other institutions, in their place, when an administrator of one saves the form', () => {
    const renamed = { ...shared, first_name: 'Amy' };
    spec
      .given(history)
      .when(update(admin, { first_name: 'Amy', institution_ids: [NORTHWIND] }))
      .then([{ type: 'PatientUpdated', data: renamed }]);
    spec
      .given(history)
      .when(update(riversideAdmin, { first_name: 'Amy', institution_ids: [RIVERSIDE, NORTHWIND] }))
      .then([{ type: 'PatientUpdated', data: renamed }]);
    // Dropping their own institution is theirs to do; the other stays.
    spec
      .given(history)
      .when(update(riversideAdmin, { institution_ids: [NORTHWIND] }, { ...facts, primaryInstitutionClinicianIds: [3] }))
      .then([{ type: 'PatientUpdated', data: { ...shared, institution_ids: [NORTHWIND] } }]);
  });
});
