-- inventory's own tables, sequences and other DDL that no projection owns. Read models are not here: each projection
-- declares its tables itself (its `init`, applied before these migrations), as the kit's identity directory does.

-- Item and storage location ids are numbers from sequences, taken before the first event of a stream is appended
-- (nextId).
CREATE SEQUENCE inventory_item_id_seq;
CREATE SEQUENCE storage_location_id_seq;
