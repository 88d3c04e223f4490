import {
  ArrowLeftOutlined,
  BellOutlined,
  CloseCircleOutlined,
  EditOutlined,
  HistoryOutlined,
  InboxOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  ERRORS,
  MESSAGES,
  canArchiveTestRequest,
  canCancelTestRequest,
  canEditTestRequest,
  canNotifyAboutTestRequest,
  canRestoreTestRequest,
  canUseResults,
  EXTERNAL_LAB_TEXTS,
} from '@labline/contracts';
import { Button, Card, Col, Flex, Row, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../app/feedback/feedback';
import { canOpenRoute, ROUTES as ROUTE_TABLE } from '../../app/routing/routeConfig';
import { useCaller } from '../../app/session/useCaller';
import { describeFailure, isNotFound } from '../../shared/apiError';
import { useHistoryDrawer } from '../../shared/HistoryDrawer';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { accessFactsOf } from './access';
import {
  archiveTestRequest,
  restoreTestRequest,
  testRequestHistoryPath,
  useTestRequestCache,
  useTestRequestDetail,
} from './api';
import { BarcodeLabCard, MarkersDevicesCards } from './components/RequestOrderCards';
import { RequestInformation } from './components/RequestInformation';
import { FulfillmentCard, NotificationHistoryCard, ResultsCard } from './components/RequestRelatedCards';
import { TestRequestNotFound } from './components/TestRequestNotFound';
import { requestPatientName } from './format';
import { PrintLabelsButton } from './labels/PrintLabelsButton';
import { useCancelFlow } from './useCancelFlow';
import { Result } from '../../shared/Result';

/** The dialog's form is a chunk of its own, loaded when the dialog first opens. */
const SendNotificationModal = lazy(() =>
  import('./components/SendNotificationModal').then((module) => ({ default: module.SendNotificationModal })),
);

/** The external lab integration panel (issue 27) is a chunk of its own, with its own requests. */
const ExternalLabPanel = lazy(() => import('./components/ExternalLabPanel'));

/** The Order Trail (the analytics read side's timeline) is a chunk of its own, with its own request. */
const OrderTrailCard = lazy(() => import('./components/OrderTrailCard'));

/**
 * The Order Trail card, fetched (its chunk: antd's Timeline and Typography, and its request) when it scrolls into
 * view: the page's first load stays within its JavaScript budget.
 */
function OrderTrail({ requestId, status }: { requestId: number; status: string }) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (shown || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  const waiting = <Card title="Order Trail" loading />;
  // Below the fold the card is only its frame: nothing loads (no skeleton) until it is seen.
  if (!shown)
    return (
      <div ref={placeholder}>
        <Card title="Order Trail">
          <div style={{ minHeight: 96 }} />
        </Card>
      </div>
    );
  return (
    <Suspense fallback={waiting}>
      <OrderTrailCard requestId={requestId} status={status} />
    </Suspense>
  );
}

/** The result form's route: who may open it may enter a result from here. */
const RESULT_FORM_ROUTE = ROUTE_TABLE.find((route) => route.path === '/results/new')!;
const FULFILLMENT_DETAIL_ROUTE = ROUTE_TABLE.find((route) => route.path === '/fulfillment/:id')!;

/**
 * /tests/{id} (spec 1 §2): the request's cards, Cancel, Archive and Send Notification per spec 1 §4, §6. An
 * archived request (which only those who may archive it are answered) is shown read-only, with an Archived
 * badge and Restore (issue 22).
 */
export default function TestRequestDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { modal, message } = useFeedback();
  const requestCache = useTestRequestCache();
  const requestId = useRouteId();
  const { data: request, error } = useTestRequestDetail(requestId);
  const cancelFlow = useCancelFlow(request);
  const history = useHistoryDrawer();
  const backToList = () => navigate('/tests');

  if (requestId === null || isNotFound(error)) return <TestRequestNotFound />;
  if (error instanceof Error && request === undefined) {
    return (
      <Result
        status="error"
        title={ERRORS.failedToFetchTestRequestDetails}
        subTitle={error.message === ERRORS.failedToFetchTestRequestDetails ? undefined : error.message}
        extra={
          <Button type="primary" onClick={backToList}>
            Back to Test Requests
          </Button>
        }
      />
    );
  }
  if (request === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const facts = accessFactsOf(request);
  // The panel reads the result's API status: the result roles' (spec 2 §6), as the results service checks.
  const externalLab = canUseResults(caller);
  const confirmArchive = () =>
    void modal.confirm({
      title: 'Archive Test Request',
      content: `Are you sure you want to archive ${request.display_id}? It will no longer be listed.`,
      okText: 'Archive',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await archiveTestRequest(request.id);
          // Leave first: refetching this page's own request now would flash 'Test Request Not Found'.
          navigate('/tests');
          void message.success(MESSAGES.testRequestArchived);
          void requestCache.changed();
        } catch (failure) {
          void message.error(describeFailure(failure, ERRORS.archiveFailed).message);
        }
      },
    });

  const restore = async () => {
    try {
      await requestCache.saved(await restoreTestRequest(request.id));
      void message.success(MESSAGES.testRequestRestored);
    } catch (failure) {
      void message.error(describeFailure(failure, ERRORS.restoreFailed).message);
    }
  };

  const cancelButton =
    request.status === 'cancelled' ? (
      <Button icon={<CloseCircleOutlined />} disabled>
        Cancelled
      </Button>
    ) : (
      canCancelTestRequest(caller, facts) && (
        <Button danger icon={<CloseCircleOutlined />} loading={cancelFlow.cancelPending} onClick={cancelFlow.start}>
          Cancel
        </Button>
      )
    );

  return (
    <>
      <PageHeader
        title={
          request.archived ? (
            <Space>
              {request.display_id}
              <Tag>Archived</Tag>
            </Space>
          ) : (
            request.display_id
          )
        }
        subtitle={`${requestPatientName(request)} · ${request.test_name}`}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={backToList}>
              Back to Test Requests
            </Button>
            <Button
              icon={<HistoryOutlined />}
              onClick={() => history.show({ path: testRequestHistoryPath(request.id), name: request.display_id })}
            >
              History
            </Button>
            {request.archived ? (
              canRestoreTestRequest(caller, facts) && (
                <Button type="primary" icon={<UndoOutlined />} onClick={() => void restore()}>
                  Restore
                </Button>
              )
            ) : (
              <>
                {canEditTestRequest(caller, facts) && (
                  <Button icon={<EditOutlined />} onClick={() => navigate(`/tests/${request.id}/edit`)}>
                    Edit
                  </Button>
                )}
                {canNotifyAboutTestRequest(caller, facts) && (
                  <Button icon={<BellOutlined />} onClick={cancelFlow.openNotification}>
                    Send Notification
                  </Button>
                )}
                <PrintLabelsButton request={request} />
                {cancelButton}
                {canArchiveTestRequest(caller, facts) && (
                  <Button danger icon={<InboxOutlined />} onClick={confirmArchive}>
                    Archive
                  </Button>
                )}
              </>
            )}
          </Space>
        }
      />
      <Flex vertical gap={24}>
        <RequestInformation request={request} />
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={externalLab ? 12 : 24}>
            <BarcodeLabCard request={request} />
          </Col>
          {externalLab && (
            <Col xs={24} xl={12}>
              <Suspense fallback={<Card title={EXTERNAL_LAB_TEXTS.title} loading style={{ height: '100%' }} />}>
                <ExternalLabPanel request={request} canCreateResult={canOpenRoute(caller, RESULT_FORM_ROUTE)} />
              </Suspense>
            </Col>
          )}
        </Row>
        <MarkersDevicesCards request={request} />
        <ResultsCard request={request} canEnterResult={!request.archived && canOpenRoute(caller, RESULT_FORM_ROUTE)} />
        <FulfillmentCard request={request} canOpenFulfillment={canOpenRoute(caller, FULFILLMENT_DETAIL_ROUTE)} />
        <NotificationHistoryCard request={request} />
        <OrderTrail requestId={request.id} status={request.status} />
      </Flex>
      {cancelFlow.dialog.open && (
        <Suspense fallback={null}>
          <SendNotificationModal
            requestId={request.id}
            purpose={cancelFlow.dialog.purpose}
            initialMessage={cancelFlow.dialog.initialMessage}
            send={cancelFlow.dialog.send}
            defaultError={cancelFlow.dialog.defaultError}
            onClose={cancelFlow.closeDialog}
          />
        </Suspense>
      )}
      {history.drawer}
    </>
  );
}
