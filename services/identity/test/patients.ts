/** clinical's PatientRegistered data for a patient of these institutions, as identity receives it. */
export { patientRegisteredData as patient } from '@labline/testkit';
