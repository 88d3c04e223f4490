import { describe, it } from 'vitest';
import type { IdentityEventData } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { institutionDecider } from './decide';

const spec = deciderSpecification(institutionDecider);

const northwind: IdentityEventData<'InstitutionRegistered'> = {
  institutionId: 1,
  name: 'Northwind General Hospital',
  institution_number: 'NGH-001',
  address: '1 Harbour Road, Northwind NW1 4AB, United Kingdom',
  phone: '+44 20 7946 0100',
  email: 'contact@northwind.labline.test',
  institution_type: 'Hospital',
  api_enabled: false,
};

describe('institution decider', () => {
  it('registers a new institution', () => {
    spec
      .given([])
      .when({ type: 'RegisterInstitution', data: northwind })
      .then([{ type: 'InstitutionRegistered', data: northwind }]);
  });

  it('refuses registering the same institution twice', () => {
    spec
      .given([{ type: 'InstitutionRegistered', data: northwind }])
      .when({ type: 'RegisterInstitution', data: northwind })
      .thenThrows((error) => error instanceof RuleViolation && error.kind === 'conflict');
  });

  it('refuses again after an update', () => {
    spec
      .given([
        { type: 'InstitutionRegistered', data: northwind },
        { type: 'InstitutionUpdated', data: { ...northwind, name: 'Northwind University Hospital' } },
      ])
      .when({ type: 'RegisterInstitution', data: northwind })
      .thenThrows((error) => error instanceof RuleViolation && error.kind === 'conflict');
  });

  it('updates a registered institution, and records nothing for an unchanged form', () => {
    const renamed = { ...northwind, name: 'Northwind University Hospital' };
    spec
      .given([{ type: 'InstitutionRegistered', data: northwind }])
      .when({ type: 'UpdateInstitution', data: renamed })
      .then([{ type: 'InstitutionUpdated', data: renamed }]);
    spec
      .given([{ type: 'InstitutionRegistered', data: northwind }])
      .when({ type: 'UpdateInstitution', data: northwind })
      .then([]);
  });

  it('refuses updating an unknown institution', () => {
    spec
      .given([])
      .when({ type: 'UpdateInstitution', data: northwind })
      .thenThrows((error) => error instanceof RuleViolation && error.kind === 'not_found');
  });
});
