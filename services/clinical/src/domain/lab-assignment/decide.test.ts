import { describe, it } from 'vitest';
import { CATALOGUE_FIELD_ERRORS, ERRORS, type Caller } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { admin, NORTHWIND, RIVERSIDE, superAdmin, violation } from '../callers.fixture';
import { labAssignmentDecider, type LabAssignmentFacts } from './decide';

const spec = deciderSpecification(labAssignmentDecider);
const labUser: Caller = { ...admin, userId: 3, role: 'lab_user' };

const facts = (overrides: Partial<LabAssignmentFacts> = {}): LabAssignmentFacts => ({
  institutionExists: true,
  lab: { id: 5, active: true },
  sampleType: { id: 7, active: true, institution_ids: [] },
  ...overrides,
});
const assign = (
  caller: Caller,
  given: LabAssignmentFacts = facts(),
  chose = { lab: true, sampleType: true },
  institutionId = NORTHWIND,
) => ({ type: 'AssignLab' as const, data: { assignmentId: 9, institutionId, chose, caller, facts: given } });
const removeAs = (caller: Caller, institutionId = NORTHWIND) => ({
  type: 'RemoveLabAssignment' as const,
  data: { assignmentId: 9, institutionId, institutionExists: true, caller },
});

const assigned = { assignmentId: 9, institution_id: NORTHWIND, lab_id: 5, sample_type_id: 7 };

describe('lab assignment decider', () => {
  it("assigns an active lab for a sample type the institution may use, by super_admin or the institution's admin", () => {
    for (const caller of [superAdmin, admin]) {
      spec
        .given([])
        .when(assign(caller))
        .then([{ type: 'LabAssigned', data: assigned }]);
    }
    spec
      .given([])
      .when(assign(admin, facts({ sampleType: { id: 7, active: true, institution_ids: [NORTHWIND] } })))
      .then([{ type: 'LabAssigned', data: assigned }]);
  });

  it('answers another tenant’s or an unknown institution as unknown, and readers who may not assign 403', () => {
    const unknown = violation('not_found', ERRORS.institutionNotFound);
    spec
      .given([])
      .when(assign(admin, facts(), undefined, RIVERSIDE))
      .thenThrows(unknown);
    spec
      .given([])
      .when(assign(superAdmin, facts({ institutionExists: false })))
      .thenThrows(unknown);
    spec.given([]).when(assign(labUser)).thenThrows(violation('forbidden', ERRORS.forbidden));
  });

  it('needs both a lab and a sample type, each available', () => {
    const both = violation('invalid', ERRORS.selectLabAndSampleType);
    spec
      .given([])
      .when(assign(admin, facts(), { lab: false, sampleType: true }))
      .thenThrows(both);
    spec
      .given([])
      .when(assign(admin, facts(), { lab: true, sampleType: false }))
      .thenThrows(both);
    spec
      .given([])
      .when(assign(admin, facts({ lab: { id: 5, active: false } })))
      .thenThrows(violation('invalid', CATALOGUE_FIELD_ERRORS.labNotAvailable));
    const sampleTypeUnavailable = violation('invalid', CATALOGUE_FIELD_ERRORS.sampleTypeNotAvailable);
    spec
      .given([])
      .when(assign(admin, facts({ sampleType: null })))
      .thenThrows(sampleTypeUnavailable);
    spec
      .given([])
      .when(assign(admin, facts({ sampleType: { id: 7, active: false, institution_ids: [] } })))
      .thenThrows(sampleTypeUnavailable);
    spec
      .given([])
      .when(assign(admin, facts({ sampleType: { id: 7, active: true, institution_ids: [RIVERSIDE] } })))
      .thenThrows(sampleTypeUnavailable);
  });

  it('removes an assignment of the institution once', () => {
    const history = [{ type: 'LabAssigned' as const, data: assigned }];
    spec
      .given(history)
      .when(removeAs(admin))
      .then([{ type: 'LabAssignmentRemoved', data: assigned }]);
    const removed = [...history, { type: 'LabAssignmentRemoved' as const, data: assigned }];
    spec.given(removed).when(removeAs(admin)).thenThrows(violation('not_found', ERRORS.labAssignmentNotFound));
    spec
      .given(history)
      .when(removeAs(superAdmin, RIVERSIDE))
      .thenThrows(violation('not_found', ERRORS.labAssignmentNotFound));
    spec.given(history).when(removeAs(labUser)).thenThrows(violation('forbidden'));
  });
});
