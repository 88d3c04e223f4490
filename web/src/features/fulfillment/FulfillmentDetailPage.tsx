import { ArrowLeftOutlined, DownOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  FULFILLMENT_LABEL_STATUSES,
  FULFILLMENT_REPLACEABLE,
  FULFILLMENT_TEXTS,
  canAccessSection,
  canManageFulfillment,
  formatDate,
  formatDateTime,
  fulfillmentActionsFrom,
  type FulfillmentAction,
  type FulfillmentRequestDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Col, Descriptions, Dropdown, Row, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { PriorityTag, StatusTag } from '../../shared/RequestTags';
import { Result } from '../../shared/Result';
import { useRouteId } from '../../shared/routeId';
import { useFulfillmentRequest } from './api';
import { StockMovementsCard } from './components/StockMovementsCard';
import { ACTION_LABELS, patientName } from './model';
import { useFulfillmentActions } from './useFulfillmentActions';

/** The dispatch dialog loads when first opened: its fields are no part of the page's first load. */
const DispatchDialog = lazy(() => import('./components/DispatchDialog'));

const NONE = '—';
const text = (value: string | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? NONE : value;

function InfoCard({ title, items, testId }: { title: string; items: [string, ReactNode][]; testId: string }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} data-testid={testId} style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={items.map(([label, children]) => ({ key: label, label, children }))}
      />
    </Card>
  );
}

function addressLines(request: FulfillmentRequestDetail): ReactNode {
  const patient = request.patient;
  if (patient === null) return NONE;
  const lines = [
    patient.street_address_1,
    patient.street_address_2,
    [patient.city, patient.state, patient.postal_code].filter(Boolean).join(', '),
    patient.country,
  ].filter((line): line is string => line !== null && line !== '');
  if (lines.length === 0) return NONE;
  return (
    <span>
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </span>
  );
}

/** /fulfillment/{id} (spec 2 §2.6): the request's cards, and the managers' Update Status menu. */
export default function FulfillmentDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const id = useRouteId();
  const { data: request, error } = useFulfillmentRequest(id);
  const actions = useFulfillmentActions();
  const [dispatching, setDispatching] = useState(false);
  const back = () => navigate('/fulfillment');

  if (id === null || isNotFound(error)) {
    return (
      <NotFoundCard
        title={FULFILLMENT_TEXTS.notFound}
        backLabel={FULFILLMENT_TEXTS.backToFulfillment}
        backPath="/fulfillment"
      />
    );
  }
  if (error instanceof Error && request === undefined) {
    return (
      <Result
        status="error"
        title={FULFILLMENT_TEXTS.failedToFetchDetails}
        subTitle={error.message === FULFILLMENT_TEXTS.failedToFetchDetails ? undefined : error.message}
        extra={
          <Button type="primary" onClick={back}>
            {FULFILLMENT_TEXTS.backToFulfillment}
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

  const manager = canManageFulfillment(caller);
  const offered = fulfillmentActionsFrom(request.status);
  const choose = (action: FulfillmentAction) => {
    if (action === 'dispatch') setDispatching(true);
    else void actions.change(request.id, action);
  };
  const menuItems = [
    ...offered.map((action) => ({ key: action, label: ACTION_LABELS[action], danger: action === 'cancel' })),
    ...(FULFILLMENT_REPLACEABLE.includes(request.status) ? [{ key: 'replace', label: 'Create Replacement' }] : []),
  ];
  const shipped = request.tracking_number !== null || request.dispatch_date !== null || request.delivery_date !== null;
  const patient = request.patient;

  return (
    <>
      <PageHeader
        title={FULFILLMENT_TEXTS.detailTitle}
        subtitle={`${request.display_id} · ${request.test_request_display_id}`}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {FULFILLMENT_TEXTS.backToFulfillment}
            </Button>
            {manager && FULFILLMENT_LABEL_STATUSES.includes(request.status) && (
              <Button
                icon={<PrinterOutlined />}
                loading={actions.printing === request.id}
                onClick={() => void actions.printShippingLabel(request.id)}
              >
                {FULFILLMENT_TEXTS.printShippingLabel}
              </Button>
            )}
            {manager && menuItems.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: menuItems,
                  onClick: ({ key }) => {
                    if (key === 'replace') void actions.replace(request);
                    else choose(key as FulfillmentAction);
                  },
                }}
              >
                <Button type="primary" loading={actions.busy === request.id}>
                  Update Status <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        }
      />
      {request.reservation_refused_reason !== null && (
        <Alert
          type="warning"
          showIcon
          title={FULFILLMENT_TEXTS.kitNotReserved}
          description={request.reservation_refused_reason}
          style={{ marginBottom: 16 }}
          data-testid="reservation-refused"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <InfoCard
            title="Request Information"
            testId="request-information"
            items={[
              ['Request ID', request.display_id],
              ['Status', <StatusTag key="status" status={request.status} />],
              [
                'Test Request',
                canAccessSection(caller, 'tests') ? (
                  <Link key="test" to={`/tests/${request.test_request_id}`}>
                    {request.test_request_display_id}
                  </Link>
                ) : (
                  request.test_request_display_id
                ),
              ],
              ['Priority', <PriorityTag key="priority" priority={request.priority} />],
              ['Requested', formatDateTime(request.created_at)],
              ['Institution', text(request.institution_name)],
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <InfoCard
            title="Patient Information"
            testId="patient-information"
            items={[
              ['Name', text(patientName(request))],
              ['Phone', text(patient?.phone)],
              ['Email', text(patient?.email)],
              ['MRN', text(request.medical_record_number)],
              ['Address', addressLines(request)],
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <InfoCard
            title="Item Information"
            testId="item-information"
            items={[
              ['Name', text(request.item_name)],
              ['SKU', text(request.item_sku)],
              ['Quantity Requested', String(request.quantity_requested)],
              ['Storage Location', text(request.location)],
              ['Description', text(request.item_description)],
            ]}
          />
        </Col>
        {shipped && (
          <Col xs={24} lg={12}>
            <InfoCard
              title="Shipping Information"
              testId="shipping-information"
              items={[
                ['Tracking Number', text(request.tracking_number)],
                ['Kit Barcode', text(request.barcode_number)],
                ['Dispatch Date', request.dispatch_date === null ? NONE : formatDate(request.dispatch_date)],
                ['Delivery Date', request.delivery_date === null ? NONE : formatDate(request.delivery_date)],
              ]}
            />
          </Col>
        )}
        <Col xs={24}>
          <StockMovementsCard request={request} />
        </Col>
        <Col xs={24}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Notes</h2>} data-testid="notes">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {request.notes ?? 'No notes'}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      {dispatching && (
        <Suspense fallback={null}>
          <DispatchDialog
            request={request}
            withBarcode
            busy={actions.busy === request.id}
            onClose={() => setDispatching(false)}
            onDispatch={(trackingNumber, barcodeNumber) => {
              void actions.change(request.id, 'dispatch', { trackingNumber, barcodeNumber }).then((done) => {
                if (done) setDispatching(false);
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
