import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Patient } from '@labline/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
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
  const navigate = useNavigate();
  const patientCache = usePatientCache();
  const [searchParams] = useSearchParams();
  const { data: patient, error } = usePatientForEdit(patientId);

  // The clinician user is always the patient's clinician (spec 1 §5).
  const lockedClinician = user.role === 'clinician' ? user.id : null;
  const preselectedInstitution = parseEntityId(searchParams.get('institution_id'));
  const initialValues = useMemo(() => {
    if (patient === undefined) {
      return emptyFormValues(preselectedInstitution === null ? [] : [preselectedInstitution], lockedClinician);
    }
    const values = formValuesOf(patient);
    return lockedClinician === null ? values : { ...values, clinician_id: lockedClinician };
  }, [patient, preselectedInstitution, lockedClinician]);

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
        onSaved={(saved) => void onSaved(saved)}
        onCancel={back}
      />
    </>
  );
}
