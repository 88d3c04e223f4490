-- Test requests (spec 1 §3, §7): the read model of the testRequest-{id} streams, whose table (test_requests) the
-- inline `test-requests` projection creates itself (Projection.init in src/projections/test-requests/projection.ts).

CREATE SEQUENCE test_request_id_seq;
