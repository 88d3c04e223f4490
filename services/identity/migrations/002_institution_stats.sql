-- Patients per institution for the institution stats (spec 3 §3), projected from clinical's patient events
-- by a durable consumer (consumers/patients.ts). A deleted patient keeps its row (deleted = true) so that a
-- late redelivery of an older event cannot bring it back: the version guard refuses it.
CREATE TABLE institution_patients (
  patient_id integer PRIMARY KEY,
  institution_ids integer[] NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  -- version of the patient stream's last projected event
  version integer NOT NULL
);
CREATE INDEX institution_patients_institution_ids_idx ON institution_patients USING gin (institution_ids);
