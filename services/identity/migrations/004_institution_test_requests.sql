-- Test requests per institution for the institution stats (spec 3 §2 Test Requests and Pending cards),
-- projected from clinical's test request events by a durable consumer. An archived request keeps its row
-- (archived = true, no longer counted), so a late redelivery of an older event cannot bring it back: the
-- version guard refuses it.
CREATE TABLE institution_test_requests (
  test_request_id integer PRIMARY KEY,
  institution_id integer NOT NULL,
  status text NOT NULL,
  archived boolean NOT NULL DEFAULT false,
  -- version of the test request stream's last projected event
  version integer NOT NULL
);
CREATE INDEX institution_test_requests_institution_id_idx
  ON institution_test_requests (institution_id, status) WHERE NOT archived;
