-- A delivery lease names its owner (the claim that took it), so an attempt that outlived its lease ends only its
-- own, never the lease another worker took since. Leases of an older version have none and simply expire.
ALTER TABLE notification_leases ADD COLUMN owner uuid;
