/**
 * The authorization matrix of every route contract: whether each role (default permissions, in ROLES order:
 * super_admin, institution_admin, clinician, client_admin, fulfillment_agent, lab_user) passes both gates a
 * route declares, the gateway's section access and the service's guard. Record rules (tenancy, ownership,
 * the institution an administrator edits) come after these and are tested with the services. A contract added
 * without its row, or a row left behind by a removed contract, fails here, as does any change of who may call
 * a route.
 */
import assert from 'node:assert/strict';
import { it } from 'vitest';
import { ROLES } from '../access';
import { callerAs, F, T, type Row } from '../access-matrix.fixture';
import { BUILT_SERVICES, contractsOf } from './contracts';
import { passesSectionAccess } from './paths';

const MATRIX: Record<string, Row> = {
  'GET /.well-known/jwks.json': [T, T, T, T, T, T],
  'POST /auth/login': [T, T, T, T, T, T],
  'GET /auth/password-token': [T, T, T, T, T, T],
  'POST /auth/set-password': [T, T, T, T, T, T],
  'GET /auth/profile': [T, T, T, T, T, T],
  'PUT /auth/profile': [T, T, T, T, T, T],
  'POST /auth/change-password': [T, T, T, T, T, T],
  'POST /auth/refresh': [T, T, T, T, T, T],
  'POST /auth/logout': [T, T, T, T, T, T],
  'GET /users': [T, T, T, T, T, T],
  'POST /users': [T, T, F, F, F, F],
  'GET /users/:id': [T, T, T, T, T, T],
  'PUT /users/:id': [T, T, F, F, F, F],
  'DELETE /users/:id': [T, T, F, F, F, F],
  'POST /users/:id/deactivate': [T, T, F, F, F, F],
  'POST /users/:id/reactivate': [T, T, F, F, F, F],
  'POST /users/:id/emails': [T, T, F, T, F, F],
  'GET /institutions': [T, T, T, T, T, T],
  'POST /institutions': [T, F, F, F, F, F],
  'GET /institutions/my': [T, T, T, T, T, T],
  'GET /institutions/:id': [T, T, T, T, T, T],
  'PUT /institutions/:id': [T, T, T, T, T, T],
  'GET /institutions/:id/clinicians': [T, T, T, T, T, T],
  'GET /institutions/:id/stats': [T, T, T, T, T, T],
  'GET /patients': [T, T, T, T, F, T],
  'GET /patients/institution/:id': [T, T, T, T, F, T],
  'GET /patients/:id': [T, T, T, T, F, T],
  'GET /patients/:id/history': [T, T, T, T, F, T],
  'POST /patients': [T, T, T, T, F, T],
  'PUT /patients/:id': [T, T, T, T, F, T],
  'DELETE /patients/:id': [T, T, T, T, F, T],
  'GET /tests/requests': [T, T, T, T, F, T],
  'GET /tests/requests/:id': [T, T, T, T, F, T],
  'GET /tests/requests/:id/history': [T, T, T, T, F, T],
  'POST /tests/requests': [T, T, T, T, F, T],
  'PUT /tests/requests/:id': [T, T, T, T, F, T],
  'PUT /tests/requests/:id/status': [T, T, T, T, F, T],
  'DELETE /tests/requests/:id': [T, T, T, T, F, T],
  'POST /tests/requests/:id/restore': [T, T, T, T, F, T],
  'POST /tests/requests/:id/send-reminder': [T, T, T, T, F, T],
  'GET /institutions/:id/labs': [T, T, T, T, F, T],
  'GET /institutions/:id/labs/:assignmentId/history': [T, T, T, T, F, T],
  'POST /institutions/:id/labs': [T, T, T, T, F, T],
  'DELETE /institutions/:id/labs/:assignmentId': [T, T, T, T, F, T],
  'GET /cms/labs/active': [T, T, T, T, F, T],
  'GET /cms/test-form-fields': [T, T, T, T, F, T],
  'GET /cms/sample-types': [T, T, T, T, F, T],
  'GET /cms/sample-types/:id': [T, T, T, T, F, T],
  'GET /cms/sample-types/:id/history': [T, T, T, T, F, T],
  'POST /cms/sample-types': [T, T, F, F, F, F],
  'PUT /cms/sample-types/:id': [T, T, F, F, F, F],
  'DELETE /cms/sample-types/:id': [T, T, F, F, F, F],
  'GET /cms/markers': [T, T, T, T, F, T],
  'GET /cms/markers/:id': [T, T, T, T, F, T],
  'GET /cms/markers/:id/history': [T, T, T, T, F, T],
  'POST /cms/markers': [T, T, F, F, F, F],
  'PUT /cms/markers/:id': [T, T, F, F, F, F],
  'DELETE /cms/markers/:id': [T, T, F, F, F, F],
  'GET /cms/panels': [T, T, T, T, F, T],
  'GET /cms/panels/:id': [T, T, T, T, F, T],
  'GET /cms/panels/:id/history': [T, T, T, T, F, T],
  'POST /cms/panels': [T, T, F, F, F, F],
  'PUT /cms/panels/:id': [T, T, F, F, F, F],
  'DELETE /cms/panels/:id': [T, T, F, F, F, F],
  'GET /cms/tube-types': [T, T, T, T, F, T],
  'GET /cms/tube-types/:id': [T, T, T, T, F, T],
  'GET /cms/tube-types/:id/history': [T, T, T, T, F, T],
  'POST /cms/tube-types': [T, T, F, F, F, F],
  'PUT /cms/tube-types/:id': [T, T, F, F, F, F],
  'DELETE /cms/tube-types/:id': [T, T, F, F, F, F],
  'GET /cms/priorities': [T, T, T, T, F, T],
  'GET /cms/priorities/:id': [T, T, T, T, F, T],
  'GET /cms/priorities/:id/history': [T, T, T, T, F, T],
  'POST /cms/priorities': [T, T, F, F, F, F],
  'PUT /cms/priorities/:id': [T, T, F, F, F, F],
  'DELETE /cms/priorities/:id': [T, T, F, F, F, F],
  'GET /cms/statuses': [T, T, T, T, F, T],
  'GET /cms/statuses/:id': [T, T, T, T, F, T],
  'GET /cms/statuses/:id/history': [T, T, T, T, F, T],
  'POST /cms/statuses': [T, T, F, F, F, F],
  'PUT /cms/statuses/:id': [T, T, F, F, F, F],
  'DELETE /cms/statuses/:id': [T, T, F, F, F, F],
  'GET /cms/collection-devices': [T, T, T, T, F, T],
  'GET /cms/collection-devices/:id': [T, T, T, T, F, T],
  'GET /cms/collection-devices/:id/history': [T, T, T, T, F, T],
  'POST /cms/collection-devices': [T, T, F, F, F, F],
  'PUT /cms/collection-devices/:id': [T, T, F, F, F, F],
  'DELETE /cms/collection-devices/:id': [T, T, F, F, F, F],
  'GET /cms/labs': [T, T, T, T, F, T],
  'GET /cms/labs/:id': [T, T, T, T, F, T],
  'GET /cms/labs/:id/history': [T, T, T, T, F, T],
  'POST /cms/labs': [T, F, F, F, F, F],
  'PUT /cms/labs/:id': [T, F, F, F, F, F],
  'DELETE /cms/labs/:id': [T, F, F, F, F, F],
  'GET /cms/notification-logs': [T, T, F, F, F, F],
  'GET /cms/notification-stats': [T, T, F, F, F, F],
  'POST /cms/test-notification': [T, T, F, F, F, F],
  'GET /cms/reminder-configs': [T, T, F, F, F, F],
  'POST /cms/reminder-configs': [T, F, F, F, F, F],
  'PUT /cms/reminder-configs/:reminder_type': [T, F, F, F, F, F],
  'DELETE /cms/reminder-configs/:reminder_type': [T, F, F, F, F, F],
  'GET /cron/notification-health': [T, T, F, F, F, F],
  'GET /cron/scheduler-status': [T, T, F, F, F, F],
  'GET /cron/upcoming-reminders': [T, T, F, F, F, F],
  'POST /contact/send-email': [T, T, T, T, T, T],
  'POST /webhooks/twilio/status': [T, T, T, T, T, T],
  'POST /webhooks/twilio/inbound': [T, T, T, T, T, T],
  'GET /analytics/dashboard': [T, T, T, T, T, T],
  'GET /analytics/institutions': [T, F, F, F, F, F],
  'GET /analytics/user-activity': [T, T, F, T, F, F],
  'GET /analytics/test-types': [T, T, F, T, F, F],
  'GET /analytics/audit-summary': [T, T, F, T, F, F],
  'GET /analytics/audit-log': [T, T, F, T, F, F],
  'GET /analytics/institution/:id': [T, T, F, T, F, F],
  'GET /analytics/patient/:id': [T, T, F, T, F, F],
  'GET /analytics/test-requests/:id/trail': [T, T, T, T, F, T],
  'GET /analytics/turnaround': [T, T, F, T, F, F],
  'GET /analytics/stream': [T, T, T, T, T, T],
  'GET /inventory': [T, T, F, T, T, F],
  'GET /inventory/:id': [T, T, F, T, T, F],
  'GET /inventory/:id/movements': [T, T, F, T, T, F],
  'POST /inventory': [T, F, F, T, T, F],
  'PUT /inventory/:id': [T, F, F, T, T, F],
  'POST /inventory/:id/adjust': [T, F, F, T, T, F],
  'POST /inventory/:id/notify': [T, F, F, T, T, F],
  'POST /inventory/:id/request': [F, T, F, F, F, F],
  'GET /cms/storage-locations': [T, F, F, T, T, F],
  'POST /cms/storage-locations': [T, F, F, T, F, F],
  'PUT /cms/storage-locations/:id': [T, F, F, T, F, F],
  'DELETE /cms/storage-locations/:id': [T, F, F, T, F, F],
  'GET /fulfillment': [T, F, F, T, T, F],
  'GET /fulfillment/:id': [T, F, F, T, T, F],
  'PUT /fulfillment/:id/status': [T, F, F, T, T, F],
  'POST /fulfillment/:id/assign': [T, F, F, T, T, F],
  'POST /fulfillment': [T, F, F, T, T, F],
  'GET /results': [T, T, T, F, F, T],
  'GET /results/:id': [T, T, T, F, F, T],
  'GET /results/:id/history': [T, T, T, F, F, T],
  'GET /results/:id/pdf': [T, T, T, F, F, T],
  'POST /results': [T, T, T, F, F, T],
  'PUT /results/:id': [T, T, T, F, F, T],
  'POST /results/:id/review': [T, T, T, F, F, T],
  // the external laboratory (issue 27): the result roles, as for results
  'POST /results/create': [T, T, T, F, F, T],
  'GET /results/:id/api-status': [T, T, T, F, F, T],
  'POST /results/:id/sync-status': [T, T, T, F, F, T],
  'POST /external-api/:provider/submit-order/:testRequestId': [T, T, T, F, F, T],
  'POST /external-api/:provider/fetch-results/:testRequestId': [T, T, T, F, F, T],
};

const contracts = BUILT_SERVICES.flatMap((service) => contractsOf(service).map(({ route }) => route));

it('has a row for every route contract and no other', () => {
  assert.deepEqual(
    contracts.map((route) => `${route.method} ${route.path}`),
    Object.keys(MATRIX),
  );
});

it('lets each role through both gates of a route as the matrix says', () => {
  const wrong = contracts.flatMap((route) => {
    const expected = MATRIX[`${route.method} ${route.path}`];
    return ROLES.flatMap((role, index) => {
      const caller = callerAs(role);
      const passes =
        passesSectionAccess(route, { role, permissions: caller.permissions }) && (route.guard?.allows(caller) ?? true);
      return passes === expected?.[index]
        ? []
        : [`${role} × ${route.method} ${route.path} should be ${expected?.[index]}`];
    });
  });
  assert.deepEqual(wrong, []);
});

it('refuses, at one gate or the other, the roles a section or guard leaves out', () => {
  // the gateway refuses a fulfillment_agent the patients; clinical's guard refuses a client_admin the CMS writes
  const [patients] = contractsOf('clinical').filter(({ name }) => name === 'patients');
  const [createMarker] = contractsOf('clinical').filter(({ name }) => name === 'catalogue.markers.create');
  assert.equal(passesSectionAccess(patients!.route, { role: 'fulfillment_agent', permissions: [] }), false);
  assert.equal(passesSectionAccess(createMarker!.route, { role: 'client_admin', permissions: [] }), false);
  assert.equal(createMarker!.route.guard?.allows(callerAs('clinician', ['cms'])), false);
});
