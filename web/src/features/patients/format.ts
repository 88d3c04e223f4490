/** Display helpers of the patient pages. */
import type { Patient } from '@labline/contracts';

/** Whole years since the date of birth, as of `today`; null when there is no (valid) date. */
export function ageFromDateOfBirth(dateOfBirth: string | null, today: Date = new Date()): number | null {
  if (dateOfBirth === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  const age = today.getFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

export function patientFullName(patient: Pick<Patient, 'first_name' | 'last_name'>): string {
  return `${patient.first_name} ${patient.last_name}`;
}

export function clinicianFullName(
  patient: Pick<Patient, 'clinician_first_name' | 'clinician_last_name'>,
): string | null {
  const name = [patient.clinician_first_name, patient.clinician_last_name].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** The address lines that exist; empty when no part of the address is set (the block is then hidden). */
export function addressLines(
  patient: Pick<Patient, 'street_address_1' | 'street_address_2' | 'city' | 'state' | 'postal_code' | 'country'>,
): string[] {
  const cityLine = [patient.city, patient.state, patient.postal_code].filter(Boolean).join(', ');
  return [patient.street_address_1, patient.street_address_2, cityLine, patient.country].filter(
    (line): line is string => line !== null && line !== '',
  );
}
