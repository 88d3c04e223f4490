import { ArrowLeftOutlined } from '@ant-design/icons';
import { canEditPatient, canFilePatientUnder, ERRORS, type Patient } from '@labline/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
import { useCaller } from '../../app/session/useCaller';
import { AccessDenied } from '../../shared/AccessDenied';
import { isNotFound } from '../../shared/apiError';
import { PageHeader } from '../../shared/PageHeader';
import { parseEntityId, useRouteId } from '../../shared/routeId';
import { usePatientForEdit, usePatientCache } from './api';
import { PatientForm } from './components/PatientForm';
import { PatientNotFound } from './components/PatientNotFound';
import { emptyFormValues, formValuesOf } from './formValues';

/** /patients/new (spec 1 §2, §5); ?institution_id= preselects the institution. */
export function NewPatientPage() {
  return <PatientFormScreen isNew patientId={null} />;
}

/** /patients/{id}/edit (spec 1 §2, §5). */
export function EditPatientPage() {
  const patientId = useRouteId();
  return <PatientFormScreen isNew={false} patientId={patientId} />;
}

/** The form page; `patientId` null on the edit route means the address holds no id (not found). */
function PatientFormScreen({ isNew, patientId }: { isNew: boolean; patientId: number | null }) {
  const user = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const patientCache = usePatientCache();
  const [searchParams] = useSearchParams();
  const { data: patient, error } = usePatientForEdit(patientId);

  // The clinician user is always the patient's clinician (spec 1 §5).
  const lockedClinician = user.role === 'clinician' ? user.id : null;
  const preselectedInstitution = parseEntityId(searchParams.get('institution_id'));
  // A shared patient's institutions that are not the caller's: shown by name, locked, and kept on save.
  const lockedInstitutions = useMemo(
    () =>
      (patient?.institution_ids ?? [])
        .map((id, index) => ({ id, name: patient?.institution_names[index] ?? `#${id}` }))
        .filter((institution) => !canFilePatientUnder(caller, institution.id)),
    [patient, caller],
  );
  const initialValues = useMemo(() => {
    if (patient === undefined) {
      return emptyFormValues(preselectedInstitution === null ? [] : [preselectedInstitution], lockedClinician);
    }
    const values = formValuesOf(patient);
    const own = values.institution_ids.filter((id) => canFilePatientUnder(caller, id));
    return { ...values, institution_ids: own, clinician_id: lockedClinician ?? values.clinician_id };
  }, [patient, preselectedInstitution, lockedClinician, caller]);

  const back = () => navigate(patientId === null ? '/patients' : `/patients/${patientId}`);
  const onSaved = async (saved: Patient) => {
    await patientCache.saved(saved);
    navigate(`/patients/${saved.id}`);
  };

  const header = (
    <PageHeader
      title={isNew ? 'Add Patient' : 'Edit Patient'}
      subtitle={isNew ? 'Register a new patient' : 'Update the patient record'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          Back
        </Button>
      }
    />
  );

  if (!isNew && (patientId === null || isNotFound(error))) return <PatientNotFound />;
  if (!isNew && error instanceof Error) {
    return (
      <>
        {header}
        <Alert type="error" showIcon title={error.message} />
      </>
    );
  }
  // Open by address, an edit the caller may not make says so at once, not at save time.
  if (patient !== undefined && !canEditPatient(caller, patient)) return <AccessDenied message={ERRORS.forbidden} />;
  if (!isNew && patient === undefined) {
    return (
      <>
        {header}
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      <PatientForm
        // A fresh form when the loaded patient changes, so initial values apply.
        key={patient?.id ?? 'new'}
        user={user}
        patientId={patientId}
        initialValues={initialValues}
        lockedInstitutions={lockedInstitutions}
        onSaved={(saved) => void onSaved(saved)}
        onCancel={back}
      />
    </>
  );
}
