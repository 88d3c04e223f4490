-- analytics's own tables, sequences and other DDL that no projection owns: none. It is a read side; each of its
-- projections declares its tables itself (its `init`, applied before these migrations).
SELECT 1;
