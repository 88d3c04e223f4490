-- Sessions identity has ended were added to the identity directory here; the directory creates its tables
-- itself now (service-kit's identity-directory.ts), so that a new database gets them from there.
SELECT 1;
