-- results's own tables, sequences and other DDL that no projection owns. Read models are not here: each projection
-- declares its tables itself (its `init`, applied before these migrations), as the kit's identity directory does.

-- Test result ids are numbers from a sequence, taken before the first event of a stream is appended (nextId).
CREATE SEQUENCE test_result_id_seq;
