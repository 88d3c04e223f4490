import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ERRORS,
  TEST_REQUEST_FIELD_ERRORS,
  canEditTestRequest,
  isEditableStatus,
  type TestRequestDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFeedback } from '../../app/feedback/feedback';
import { useCaller } from '../../app/session/useCaller';
import { AccessDenied } from '../../shared/AccessDenied';
import { isNotFound } from '../../shared/apiError';
import { PageHeader } from '../../shared/PageHeader';
import { parseEntityId, useRouteId } from '../../shared/routeId';
import { accessFactsOf } from './access';
import { useTestRequestCache, useTestRequestForEdit } from './api';
import { TestRequestNotFound } from './components/TestRequestNotFound';
import { orderedState } from './labels/orderedState';
import { OrderForm } from './order/OrderForm';
import { draftsOf } from './order/orderModel';
import { institutionModeOf } from './order/useOrderState';

/** The spec gives no texts for these; worded as its other success messages. */
const CREATED_ONE = 'Test request created successfully';
const CREATED_MANY = (count: number) => `${count} test requests created successfully`;
const UPDATED = 'Test request updated successfully';

function FormHeader({ isNew, onBack }: { isNew: boolean; onBack(): void }) {
  return (
    <PageHeader
      title={isNew ? 'New Test Request' : 'Edit Test Request'}
      subtitle={isNew ? 'Order one or more tests for a patient' : 'Change the order of this test request'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back
        </Button>
      }
    />
  );
}

/** After a save: the caches, a message, and the request (or the list when several were ordered). */
function useOnSaved(isNew: boolean) {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const requestCache = useTestRequestCache();
  return async (saved: TestRequestDetail[]) => {
    for (const request of saved) await requestCache.saved(request);
    void message.success(isNew ? (saved.length === 1 ? CREATED_ONE : CREATED_MANY(saved.length)) : UPDATED);
    // one request: its page, with Print Labels; several: the list, offering each one's labels (OrderedState)
    if (saved.length === 1) navigate(`/tests/${saved[0]!.id}`);
    else navigate('/tests', isNew ? { state: orderedState(saved) } : undefined);
  };
}

/** /tests/new (spec 1 §2, §4, §5); ?patient_id= preselects the patient. */
export function NewTestRequestPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onSaved = useOnSaved(true);
  const patientId = parseEntityId(searchParams.get('patient_id'));
  const initialOrder = useMemo(
    () => ({
      patient_id: patientId,
      institution_id: institutionModeOf(caller).fixed,
      clinician_id: caller.role === 'clinician' ? caller.userId : null,
    }),
    [caller, patientId],
  );
  const back = () => navigate(patientId === null ? '/tests' : `/patients/${patientId}`);
  return (
    <>
      <FormHeader isNew onBack={back} />
      <OrderForm
        caller={caller}
        initialOrder={initialOrder}
        editing={null}
        onSaved={(saved) => void onSaved(saved)}
        onCancel={back}
      />
    </>
  );
}

/** /tests/{id}/edit: straight to the checkout of the request's single test (spec 1 §4). */
export function EditTestRequestPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const requestId = useRouteId();
  const onSaved = useOnSaved(false);
  const { data: request, error } = useTestRequestForEdit(requestId);
  const drafts = useMemo(() => (request === undefined ? null : draftsOf(request)), [request]);
  const back = () => navigate(requestId === null ? '/tests' : `/tests/${requestId}`);

  if (requestId === null || isNotFound(error)) return <TestRequestNotFound />;
  if (error instanceof Error && request === undefined) {
    return (
      <>
        <FormHeader isNew={false} onBack={back} />
        <Alert type="error" showIcon title={error.message} />
      </>
    );
  }
  if (request === undefined || drafts === null) {
    return (
      <>
        <FormHeader isNew={false} onBack={back} />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }
  if (!isEditableStatus(request.status)) {
    return (
      <>
        <FormHeader isNew={false} onBack={back} />
        <Alert type="warning" showIcon title={TEST_REQUEST_FIELD_ERRORS.notEditable} />
      </>
    );
  }
  if (!canEditTestRequest(caller, accessFactsOf(request))) return <AccessDenied message={ERRORS.forbidden} />;
  return (
    <>
      <FormHeader isNew={false} onBack={back} />
      <OrderForm
        key={request.id}
        caller={caller}
        initialOrder={drafts.order}
        editing={{ id: request.id, test: drafts.test }}
        onSaved={(saved) => void onSaved(saved)}
        onCancel={back}
      />
    </>
  );
}
