import {
  canCreatePatient,
  canDeletePatient,
  canEditPatient,
  canFilePatientUnder,
  canReadPatient,
  DEFAULT_CONTACT_PREFERENCE,
  ERRORS,
  PATIENT_FIELD_ERRORS,
  type Caller,
  type ContactPreference,
  type PatientAccessFacts,
  type PatientInput,
  type PatientSnapshot,
} from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import { RuleViolation } from '@labline/eventstore';
import type { PatientEvent } from './events';
import { evolvePatient, initialPatientState, type PatientState } from './state';

/** What the command handler looked up before deciding, so that the rules themselves stay pure. */
export interface PatientFacts {
  /** Of the requested institutions, those that exist. */
  knownInstitutionIds: readonly number[];
  /** The active clinicians linked to the requested primary institution. */
  primaryInstitutionClinicianIds: readonly number[];
}

export type RegisterPatient = {
  type: 'RegisterPatient';
  data: { patientId: number; input: PatientInput; caller: Caller; facts: PatientFacts };
};
export type UpdatePatient = {
  type: 'UpdatePatient';
  data: { patientId: number; input: PatientInput; caller: Caller; facts: PatientFacts };
};
export type DeletePatient = { type: 'DeletePatient'; data: { patientId: number; caller: Caller } };
export type PatientCommand = RegisterPatient | UpdatePatient | DeletePatient;

/** A readable, per-institution record number for a patient registered without one, e.g. MRN-3-000042. */
export const generatedMedicalRecordNumber = (institutionId: number, patientId: number): string =>
  `MRN-${institutionId}-${String(patientId).padStart(6, '0')}`;

/**
 * The institutions a save files the patient under. The caller chooses among theirs; a shared patient's other
 * institutions are not theirs to add or drop, so they stay as they are (in their place: the primary stays the
 * primary), whether the form sends them back or not.
 */
export function placedInstitutionIds(caller: Caller, requested: readonly number[], current: readonly number[]) {
  const own = (id: number) => canFilePatientUnder(caller, id);
  const chosen = [...new Set(requested)].filter((id) => own(id) || !current.includes(id));
  return [...current.filter((id) => !own(id) || chosen.includes(id)), ...chosen.filter((id) => !current.includes(id))];
}

/** The institutions and clinician of a patient form, by the rules of spec 1 §5 and issue 3 item 2. */
function assignment(input: PatientInput, caller: Caller, facts: PatientFacts, current: readonly number[] = []) {
  const requested = [...new Set(input.institution_ids)];
  if (
    caller.role === 'clinician' &&
    requested.filter((id) => !current.includes(id) || canFilePatientUnder(caller, id)).length > 1
  ) {
    throw new RuleViolation('invalid', ERRORS.cliniciansOneInstitution);
  }
  const usable = (id: number) => facts.knownInstitutionIds.includes(id) && canFilePatientUnder(caller, id);
  if (!requested.every((id) => usable(id) || current.includes(id))) {
    throw new RuleViolation('invalid', PATIENT_FIELD_ERRORS.unknownInstitution);
  }
  const institutionIds = placedInstitutionIds(caller, requested, current);
  const primary = institutionIds[0];
  if (primary === undefined) throw new RuleViolation('invalid', ERRORS.atLeastOneInstitution);
  // A clinician files patients under themself, whatever the form says.
  if (caller.role === 'clinician') return { institutionIds, primary, clinicianId: caller.userId };
  const clinicianId = input.clinician_id;
  if (clinicianId === null) {
    if (facts.primaryInstitutionClinicianIds.length > 0) {
      throw new RuleViolation('invalid', PATIENT_FIELD_ERRORS.clinicianRequired);
    }
  } else if (!facts.primaryInstitutionClinicianIds.includes(clinicianId)) {
    throw new RuleViolation('invalid', PATIENT_FIELD_ERRORS.notAClinicianOfInstitution);
  }
  return { institutionIds, primary, clinicianId };
}

function snapshotOf(
  patientId: number,
  input: PatientInput,
  placement: ReturnType<typeof assignment>,
  kept: { medicalRecordNumber: string; contactPreference: ContactPreference },
): PatientSnapshot {
  const {
    institution_ids: _ids,
    clinician_id: _clinician,
    medical_record_number: _mrn,
    contact_preference: _preference,
    ...demographics
  } = input;
  return {
    patientId,
    ...demographics,
    medical_record_number: kept.medicalRecordNumber,
    institution_ids: placement.institutionIds,
    clinician_id: placement.clinicianId,
    contact_preference: kept.contactPreference,
  };
}

/** The patient as the caller may change it: 404 when they cannot see it, 403 when they see but may not. */
function changeablePatient(
  state: PatientState,
  caller: Caller,
  may: (caller: Caller, patient: PatientAccessFacts) => boolean,
) {
  if (state.status !== 'registered' || !canReadPatient(caller, state.patient)) {
    throw new RuleViolation('not_found', ERRORS.patientNotFound);
  }
  if (!may(caller, state.patient)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  return state.patient;
}

const sameSnapshot = (a: PatientSnapshot, b: PatientSnapshot) =>
  (Object.keys(b) as (keyof PatientSnapshot)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

export function decidePatient(command: PatientCommand, state: PatientState): PatientEvent[] {
  switch (command.type) {
    case 'RegisterPatient': {
      const { patientId, input, caller, facts } = command.data;
      if (!canCreatePatient(caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'unregistered') {
        throw new RuleViolation('conflict', `Patient ${patientId} is already registered`);
      }
      const placement = assignment(input, caller, facts);
      const kept = {
        medicalRecordNumber: input.medical_record_number ?? generatedMedicalRecordNumber(placement.primary, patientId),
        contactPreference: input.contact_preference ?? DEFAULT_CONTACT_PREFERENCE,
      };
      return [{ type: 'PatientRegistered', data: snapshotOf(patientId, input, placement, kept) }];
    }
    case 'UpdatePatient': {
      const { patientId, input, caller, facts } = command.data;
      const current = changeablePatient(state, caller, canEditPatient);
      const placement = assignment(input, caller, facts, current.institution_ids);
      // Left empty on edit, the record number stays what it was; so does a contact preference the form leaves out.
      const next = snapshotOf(patientId, input, placement, {
        medicalRecordNumber: input.medical_record_number ?? current.medical_record_number,
        contactPreference: input.contact_preference ?? current.contact_preference,
      });
      // Saving an unchanged form records nothing.
      return sameSnapshot(current, next) ? [] : [{ type: 'PatientUpdated', data: next }];
    }
    case 'DeletePatient': {
      const { patientId, caller } = command.data;
      const current = changeablePatient(state, caller, canDeletePatient);
      // An administrator of some of a shared patient's institutions takes it out of theirs only; the record
      // goes when no institution is left, or when a super_admin deletes it.
      const remaining = current.institution_ids.filter((id) => !canFilePatientUnder(caller, id));
      if (remaining.length > 0) {
        const removed = current.institution_ids.filter((id) => !remaining.includes(id));
        return [
          {
            type: 'PatientRemovedFromInstitutions',
            data: { patientId, removed_institution_ids: removed, institution_ids: remaining },
          },
        ];
      }
      return [{ type: 'PatientDeleted', data: { patientId, institution_ids: current.institution_ids } }];
    }
  }
}

export const patientDecider: Decider<PatientCommand, PatientEvent, PatientState> = {
  decide: decidePatient,
  evolve: evolvePatient,
  initialState: initialPatientState,
};
