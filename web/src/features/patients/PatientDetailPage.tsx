import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ERRORS, MESSAGES, canAccessSection, canDeletePatient, canEditPatient } from '@labline/contracts';
import { Alert, Button, Card, Flex, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../app/feedback/feedback';
import { useCaller } from '../../app/session/useCaller';
import { describeFailure, isNotFound } from '../../shared/apiError';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { deletePatient, usePatientDetail, usePatientCache } from './api';
import { PatientDemographics } from './components/PatientDemographics';
import { PatientNotFound } from './components/PatientNotFound';
import { PatientTestRequests } from './components/PatientTestRequests';
import { patientFullName } from './format';
import { Result } from '../../shared/Result';

/** /patients/{id} (spec 1 §2): demographics, test requests, and edit and delete per role (spec 1 §6). */
export default function PatientDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { modal, message } = useFeedback();
  const patientCache = usePatientCache();
  const patientId = useRouteId();
  const { data: patient, error } = usePatientDetail(patientId);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const backToPatients = () => navigate('/patients');

  if (patientId === null || isNotFound(error)) return <PatientNotFound />;
  if (error instanceof Error && patient === undefined) {
    return (
      <Result
        status="error"
        title={ERRORS.failedToFetchPatientDetails}
        subTitle={error.message === ERRORS.failedToFetchPatientDetails ? undefined : error.message}
        extra={
          <Button type="primary" onClick={backToPatients}>
            Back to Patients
          </Button>
        }
      />
    );
  }
  if (patient === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const name = patientFullName(patient);
  const confirmDelete = () =>
    void modal.confirm({
      title: 'Delete Patient',
      content: `Are you sure you want to delete ${name}? This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        setDeleteError(null);
        try {
          await deletePatient(patient.id);
          // Leave first: refetching this page's own patient now would flash 'Patient Not Found'.
          navigate('/patients');
          void message.success(MESSAGES.patientDeleted);
          void patientCache.deleted();
        } catch (failure) {
          setDeleteError(describeFailure(failure, ERRORS.failedToDeletePatient).message);
        }
      },
    });

  return (
    <>
      <PageHeader
        title={name}
        subtitle={patient.medical_record_number}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={backToPatients}>
              Back to Patients
            </Button>
            {canAccessSection(caller, 'analytics') && (
              <Button onClick={() => navigate(`/analytics?patient_id=${patient.id}`)}>View Analytics</Button>
            )}
            {canEditPatient(caller, patient) && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`/patients/${patient.id}/edit`)}>
                Edit
              </Button>
            )}
            {canDeletePatient(caller, patient) && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
                Delete
              </Button>
            )}
          </Space>
        }
      />
      <Flex vertical gap={24}>
        {deleteError !== null && (
          <Alert type="error" showIcon title={deleteError} closable onClose={() => setDeleteError(null)} />
        )}
        <PatientDemographics patient={patient} />
        <PatientTestRequests patientId={patient.id} requests={patient.test_requests} />
      </Flex>
    </>
  );
}
