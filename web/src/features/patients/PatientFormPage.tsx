import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Patient } from '@labline/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api/client';
import { useSessionUser } from '../../app/session/SessionContext';
import { PageHeader } from '../../shared/PageHeader';
import { usePatientForEdit, usePatientCache } from './api';
import { PatientForm } from './components/PatientForm';
import { PatientNotFound } from './components/PatientNotFound';
import { emptyFormValues, formValuesOf } from './formValues';
import { parseEntityId } from './routeParams';

/** /patients/new and /patients/{id}/edit (spec 1 §2, §5). */
export default function PatientFormPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const patientCache = usePatientCache();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const isNew = id === undefined;
  const patientId = isNew ? null : parseEntityId(id);
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

  if (!isNew && (patientId === null || (error instanceof ApiError && error.status === 404))) {
    return <PatientNotFound />;
  }
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
