import { ERRORS, type Caller, type Patient } from '@labline/contracts';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSessionUser } from '../../../app/session/SessionContext';
import { useInstitutionClinicians, useInstitutionList } from '../../../shared/directoryApi';
import { usePatientChoices } from '../api';
import { fieldStatus, type ServerFieldErrors } from './fieldStatus';
import type { OrderDraft, RequiredItem } from './orderModel';

/** spec 1 §7, §9: the picker shows the first 20 patients while nothing is typed. */
const PATIENTS_SHOWN_UNFILTERED = 20;
const INSTITUTION_LOAD_ERROR = 'Failed to load institution information. Please refresh the page.';

const patientLabel = (patient: Patient) =>
  `${patient.first_name} ${patient.last_name} (${patient.medical_record_number})`;

/** The first of the patient's institutions the caller may order for; null when none (or not loaded). */
function institutionOfPatient(
  patients: readonly Patient[] | undefined,
  institutions: readonly { id: number }[] | undefined,
  patientId: number | null | undefined,
): number | null {
  const patient = patients?.find((item) => item.id === patientId);
  return patient?.institution_ids.find((id) => institutions?.some((item) => item.id === id) === true) ?? null;
}

export interface InstitutionMode {
  /** The caller chooses the institution (super_admin; a clinician of several institutions). */
  chosen: boolean;
  /** The order form's refusal when the caller has no institution context. */
  problem: string | null;
}

interface OrderPartyFieldsProps {
  caller: Caller;
  order: OrderDraft;
  institutionMode: InstitutionMode;
  onChange(order: OrderDraft): void;
  missing: readonly RequiredItem[];
  serverErrors: ServerFieldErrors;
}

/** The patient, institution and ordering clinician of the whole order (spec 1 §5, §6 institution rule). */
export function OrderPartyFields({
  caller,
  order,
  institutionMode,
  onChange,
  missing,
  serverErrors,
}: OrderPartyFieldsProps) {
  const user = useSessionUser();
  const [patientSearch, setPatientSearch] = useState('');
  const { data: patients, error: patientsError, isLoading: patientsLoading } = usePatientChoices();
  const { data: institutions, error: institutionsError } = useInstitutionList(caller, institutionMode.chosen);
  const isClinician = caller.role === 'clinician';
  const { data: clinicians, isLoading: cliniciansLoading } = useInstitutionClinicians(
    isClinician || order.institution_id === null ? undefined : order.institution_id,
  );

  const patientOptions = useMemo(() => {
    const inInstitution = (patients ?? []).filter(
      (patient) => order.institution_id === null || patient.institution_ids.includes(order.institution_id),
    );
    const needle = patientSearch.trim().toLowerCase();
    const shown =
      needle === ''
        ? inInstitution.slice(0, PATIENTS_SHOWN_UNFILTERED)
        : inInstitution.filter((patient) => patientLabel(patient).toLowerCase().includes(needle));
    const chosen = inInstitution.find((patient) => patient.id === order.patient_id);
    const withChosen = chosen !== undefined && !shown.includes(chosen) ? [chosen, ...shown] : shown;
    return withChosen.map((patient) => ({ value: patient.id, label: patientLabel(patient) }));
  }, [patients, order.institution_id, order.patient_id, patientSearch]);

  // A patient preselected by the address (?patient_id=) gives a caller who chooses the institution the patient's.
  const needsInstitutionOfPatient =
    institutionMode.chosen && order.institution_id === null && order.patient_id !== null;
  useEffect(() => {
    if (!needsInstitutionOfPatient) return;
    const institutionId = institutionOfPatient(patients, institutions, order.patient_id);
    if (institutionId !== null) onChange({ ...order, institution_id: institutionId });
  }, [needsInstitutionOfPatient, patients, institutions, order, onChange]);

  const choosePatient = (patientId: number | undefined) => {
    setPatientSearch('');
    // A caller who chooses the institution and picks a patient first orders for the patient's.
    const institutionId =
      order.institution_id ?? (institutionMode.chosen ? institutionOfPatient(patients, institutions, patientId) : null);
    onChange({ ...order, patient_id: patientId ?? null, institution_id: institutionId });
  };
  const chooseInstitution = (institutionId: number | undefined) => {
    const patient = patients?.find((item) => item.id === order.patient_id);
    const keepsPatient = institutionId !== undefined && patient?.institution_ids.includes(institutionId) === true;
    onChange({
      patient_id: keepsPatient ? order.patient_id : null,
      institution_id: institutionId ?? null,
      clinician_id: isClinician ? order.clinician_id : null,
    });
  };

  const institutionName =
    institutions?.find((institution) => institution.id === order.institution_id)?.name ??
    user.institution_name ??
    (order.institution_id === null ? '' : `#${order.institution_id}`);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Form.Item
          label="Patient"
          htmlFor="order-patient"
          required
          {...fieldStatus(missing.includes('patient'), ERRORS.pleaseSelectPatient, serverErrors, ['patient_id'])}
          extra={patientsError instanceof Error ? patientsError.message : undefined}
        >
          <Select<number>
            id="order-patient"
            placeholder="Search patients by name or MRN"
            value={order.patient_id ?? undefined}
            onChange={choosePatient}
            allowClear
            loading={patientsLoading}
            showSearch={{ filterOption: false, onSearch: setPatientSearch, searchValue: patientSearch }}
            options={patientOptions}
            notFoundContent={patientsLoading ? 'Loading patients…' : 'No patients found'}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={8}>
        {institutionMode.problem !== null ? (
          <Alert type="error" showIcon title={institutionMode.problem} />
        ) : institutionMode.chosen ? (
          <Form.Item
            label="Institution"
            htmlFor="order-institution"
            required
            {...fieldStatus(missing.includes('institution'), ERRORS.selectInstitutionForTestRequest, serverErrors, [
              'institution_id',
            ])}
            extra={institutionsError instanceof Error ? INSTITUTION_LOAD_ERROR : undefined}
          >
            <Select<number>
              id="order-institution"
              placeholder="Select an institution"
              value={order.institution_id ?? undefined}
              onChange={chooseInstitution}
              showSearch={{ optionFilterProp: 'label' }}
              options={(institutions ?? []).map((institution) => ({ value: institution.id, label: institution.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Institution" htmlFor="order-institution">
            <Input id="order-institution" value={institutionName} readOnly />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} lg={8}>
        {isClinician ? (
          <Form.Item label="Ordering Clinician" htmlFor="order-clinician" extra="You order as the clinician">
            <Input id="order-clinician" value={`${user.first_name} ${user.last_name}`} readOnly />
          </Form.Item>
        ) : (
          <Form.Item
            label="Ordering Clinician"
            htmlFor="order-clinician"
            required
            {...fieldStatus(missing.includes('clinician'), ERRORS.selectOrderingClinician, serverErrors, [
              'clinician_id',
            ])}
            extra={
              order.institution_id === null
                ? 'Select an institution first'
                : clinicians?.length === 0
                  ? ERRORS.noCliniciansFound
                  : undefined
            }
          >
            <Select<number>
              id="order-clinician"
              placeholder="Select the ordering clinician"
              value={order.clinician_id ?? undefined}
              onChange={(clinicianId) => onChange({ ...order, clinician_id: clinicianId ?? null })}
              allowClear
              disabled={order.institution_id === null}
              loading={cliniciansLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(clinicians ?? []).map((clinician) => ({
                value: clinician.id,
                label: `${clinician.first_name} ${clinician.last_name}`,
              }))}
            />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
