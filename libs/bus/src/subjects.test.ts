import assert from 'node:assert/strict';
import { test } from 'vitest';
import { coveringFilter, subjectMatches, supportsMultipleFilters } from './subjects';

test('matches NATS wildcards: * is one token, > is one or more trailing tokens', () => {
  assert.equal(
    subjectMatches('lab.clinical.testRequest.TestRequestCancelled', 'lab.clinical.testRequest.TestRequestCancelled'),
    true,
  );
  assert.equal(
    subjectMatches('lab.clinical.*.TestRequestCancelled', 'lab.clinical.testRequest.TestRequestCancelled'),
    true,
  );
  assert.equal(subjectMatches('lab.clinical.>', 'lab.clinical.testRequest.TestRequestCancelled'), true);
  assert.equal(subjectMatches('lab.clinical.>', 'lab.clinical'), false);
  assert.equal(subjectMatches('lab.clinical.*', 'lab.clinical.testRequest.TestRequestCancelled'), false);
  assert.equal(subjectMatches('lab.identity.>', 'lab.clinical.testRequest.X'), false);
  assert.equal(subjectMatches('lab.clinical.testRequest', 'lab.clinical.testRequest.X'), false);
});

test('a covering filter matches every subject any of the filters matches', () => {
  assert.equal(coveringFilter(['lab.identity.user.>']), 'lab.identity.user.>');
  assert.equal(coveringFilter(['lab.identity.user.>', 'lab.identity.institution.>']), 'lab.identity.>');
  assert.equal(coveringFilter(['lab.identity.user.>', 'lab.clinical.patient.PatientRegistered']), 'lab.>');
  assert.equal(coveringFilter(['lab.a', 'lab.a.b']), 'lab.>');
  assert.equal(coveringFilter(['lab.*.user.X', 'lab.*.user.Y']), 'lab.*.user.>');
  assert.equal(coveringFilter(['a.b', 'c.d']), '>');
  const filters = ['lab.identity.user.>', 'lab.identity.institution.InstitutionRegistered', 'lab.identity.x'];
  const covering = coveringFilter(filters);
  for (const subject of [
    'lab.identity.user.UserRegistered',
    'lab.identity.institution.InstitutionRegistered',
    'lab.identity.x',
  ]) {
    assert.equal(subjectMatches(covering, subject), true, `${covering} covers ${subject}`);
  }
  assert.throws(() => coveringFilter([]));
});

test('multiple filter subjects need nats-server 2.10', () => {
  assert.equal(supportsMultipleFilters('2.9.10'), false);
  assert.equal(supportsMultipleFilters('2.10.0'), true);
  assert.equal(supportsMultipleFilters('2.11.4'), true);
  assert.equal(supportsMultipleFilters('3.0.0'), true);
  assert.equal(supportsMultipleFilters(undefined), false);
});
