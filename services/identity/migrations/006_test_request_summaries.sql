-- Test requests per institution now come from the kit's test-request summary (test_request_summaries, created by
-- its projection's own DDL and filled by its start-up rebuild from clinical's stream): the table this service
-- kept for the same counts goes.
DROP TABLE IF EXISTS institution_test_requests;
