/**
 * The external lab integration panel of /tests/{id} (spec 1 §2, §4, §8; issue 27): the order's status with spec 1
 * §4's labels, its timeline in the spec's order (order created with barcode, submitted, sample received, results
 * available), the laboratory's id and times, and the actions Submit Order (can_submit), Fetch Results
 * (can_fetch_results) and Sync Status; 'External lab integration is not enabled' when the institution has it off.
 * A test request without a result is offered Create Result first (POST /results/create). A chunk of its own (the
 * page loads it lazily).
 */
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloudUploadOutlined,
  DownloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  EXTERNAL_LAB_TEXTS,
  externalLabStatusLabel,
  formatDateTime,
  type ExternalApiStatus,
  type TestRequestDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/feedback';
import { describeFailure } from '../../../shared/apiError';
import { useTestRequestRefresh } from '../api';
import {
  createResultForExternalLab,
  fetchExternalResults,
  submitExternalOrder,
  syncExternalStatus,
  useApiStatus,
} from '../externalLab';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  pending: 'default',
  submitted: 'blue',
  sample_received: 'cyan',
  complete: 'green',
  failed: 'red',
};

export function ExternalStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-testid="external-lab-status">
      {externalLabStatusLabel(status)}
    </Tag>
  );
}

const when = (at: string | null) => (at === null ? '—' : formatDateTime(at));

/** spec 1 §4's timeline, in its order: each step done (with its time) or still to come. */
function OrderTimeline({ status }: { status: ExternalApiStatus }) {
  return (
    <ol aria-label="External lab timeline" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {status.timeline.map((step) => (
        <li key={step.step} data-done={step.at !== null} style={{ padding: '4px 0' }}>
          <Flex justify="space-between" gap={12} wrap>
            <Space>
              {step.at === null ? (
                <ClockCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
              ) : (
                <CheckCircleFilled style={{ color: '#389e0d' }} />
              )}
              <Typography.Text type={step.at === null ? 'secondary' : undefined}>{step.label}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">{step.at === null ? 'Not yet' : formatDateTime(step.at)}</Typography.Text>
          </Flex>
        </li>
      ))}
    </ol>
  );
}

type Action = 'submit' | 'fetch' | 'sync';

function StatusBody({ request, resultId }: { request: TestRequestDetail; resultId: number }) {
  const { message } = useFeedback();
  const refreshRequest = useTestRequestRefresh();
  const { data: status, error, mutate } = useApiStatus(resultId);
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (status === undefined && error !== undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title={describeFailure(error, EXTERNAL_LAB_TEXTS.failedToLoadStatus).message}
        data-testid="external-lab-error"
      />
    );
  }
  if (status === undefined) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!status.api_enabled) return <Alert type="info" showIcon title={EXTERNAL_LAB_TEXTS.notEnabled} />;

  const run = async (action: Action, call: () => Promise<ExternalApiStatus | null>, defaultError: string) => {
    setBusy(action);
    setFailure(null);
    try {
      const next = await call();
      if (next !== null) await mutate(next, { revalidate: false });
    } catch (caught) {
      setFailure(describeFailure(caught, defaultError).message);
      // a failed submission is recorded: show the order as it now stands
      await mutate();
    } finally {
      setBusy(null);
    }
  };
  const fetchResults = () =>
    run(
      'fetch',
      async () => {
        const { status: next, message: note } = await fetchExternalResults(request.id);
        if (note !== null) void message.info(note);
        if (next.has_external_data) await refreshRequest(request.id);
        return next;
      },
      EXTERNAL_LAB_TEXTS.failedToFetch,
    );

  return (
    <Flex vertical gap={12}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Status">
          <ExternalStatusTag status={status.external_api_status} />
        </Descriptions.Item>
        <Descriptions.Item label={EXTERNAL_LAB_TEXTS.externalLabId}>{status.external_lab_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Order Submitted">{when(status.api_order_submitted_at)}</Descriptions.Item>
        <Descriptions.Item label="Results Received">{when(status.api_results_received_at)}</Descriptions.Item>
        <Descriptions.Item label={EXTERNAL_LAB_TEXTS.lastSync}>{when(status.last_sync)}</Descriptions.Item>
      </Descriptions>
      {status.failure_reason !== null && <Alert type="warning" showIcon title={status.failure_reason} />}
      <OrderTimeline status={status} />
      {status.refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={EXTERNAL_LAB_TEXTS.refusedTitle}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {status.refused.map((value) => (
                <li key={`${value.loinc}-${value.reason}`}>
                  {value.name}: {value.reason}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={failure}
          data-testid="external-lab-error"
          closable
          onClose={() => setFailure(null)}
        />
      )}
      <Space wrap>
        {status.can_submit && (
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={busy === 'submit'}
            onClick={() => void run('submit', () => submitExternalOrder(request.id), EXTERNAL_LAB_TEXTS.failedToSubmit)}
          >
            {EXTERNAL_LAB_TEXTS.submitOrder}
          </Button>
        )}
        {status.can_fetch_results && (
          <Button icon={<DownloadOutlined />} loading={busy === 'fetch'} onClick={() => void fetchResults()}>
            {EXTERNAL_LAB_TEXTS.fetchResults}
          </Button>
        )}
        {status.external_lab_id !== null && (
          <Button
            icon={<SyncOutlined />}
            loading={busy === 'sync'}
            onClick={() => void run('sync', () => syncExternalStatus(resultId), EXTERNAL_LAB_TEXTS.failedToSync)}
          >
            {EXTERNAL_LAB_TEXTS.syncStatus}
          </Button>
        )}
      </Space>
    </Flex>
  );
}

/** The panel: the request's result's order, or Create Result for a request without one (result roles only). */
export default function ExternalLabPanel({
  request,
  canCreateResult,
}: {
  request: TestRequestDetail;
  canCreateResult: boolean;
}) {
  const refreshRequest = useTestRequestRefresh();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resultId = request.test_results[0]?.id ?? createdId;

  const create = async () => {
    setCreating(true);
    setFailure(null);
    try {
      setCreatedId(await createResultForExternalLab(request.id));
      await refreshRequest(request.id);
    } catch (caught) {
      setFailure(describeFailure(caught, EXTERNAL_LAB_TEXTS.failedToCreateResult).message);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Card title={EXTERNAL_LAB_TEXTS.title} style={{ height: '100%' }} data-testid="external-lab-panel">
      {resultId !== null ? (
        <StatusBody request={request} resultId={resultId} />
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text type="secondary">
            The order goes to the external laboratory with the test request&apos;s result, which holds its values when
            they come back.
          </Typography.Text>
          {failure !== null && <Alert type="error" showIcon title={failure} data-testid="external-lab-error" />}
          {canCreateResult && !request.archived && (
            <Button icon={<CloudUploadOutlined />} loading={creating} onClick={() => void create()}>
              {EXTERNAL_LAB_TEXTS.createResult}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
