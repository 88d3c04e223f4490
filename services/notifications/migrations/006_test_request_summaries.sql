-- Test requests are now the kit's test-request summary (test_request_summaries, created by the clinical
-- directory's own DDL and filled by its start-up rebuild from clinical's stream): this service's copy goes
-- from databases made before (001 and 002 no longer create it).
DROP TABLE IF EXISTS test_requests;
