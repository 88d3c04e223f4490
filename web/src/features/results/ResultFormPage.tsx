import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  formatRequestId,
  markerTemplate,
  needsAmendmentReason,
  RESULT_LIMITS,
  RESULT_STATUS_LABELS,
  RESULT_TEXTS,
  resultStatusOptions,
  type ResultDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isNotFound } from '../../shared/apiError';
import { FormActions } from '../../shared/FormActions';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { parseEntityId, useRouteId } from '../../shared/routeId';
import { useSaveAction } from '../../shared/useSaveAction';
import {
  ENTRY_REQUESTS_LOAD_ERROR,
  saveResult,
  useEntryTestRequests,
  useInstitutionMarkers,
  usePanel,
  useResultCache,
  useResultForEdit,
  useResultTestRequest,
} from './api';
import { SidePanel, type PanelMarker } from './components/SidePanel';
import {
  canSubmit,
  personName,
  RESULT_FORM_LABELS,
  resultBodyOf,
  structuredValuesProblem,
  withTemplate,
  type ResultFormValues,
} from './model';

/** /results/new, also with ?test_request_id= (spec 2 §2.9). */
export function NewResultPage() {
  const [params] = useSearchParams();
  return <ResultFormScreen resultId={null} preselected={parseEntityId(params.get('test_request_id'))} />;
}

/** /results/{id}/edit (spec 2 §2.9). */
export function EditResultPage() {
  return <ResultFormScreen resultId={useRouteId()} preselected={null} isEdit />;
}

const BACK = 'Back to Results';

function ResultFormScreen({
  resultId,
  preselected,
  isEdit = false,
}: {
  resultId: number | null;
  preselected: number | null;
  isEdit?: boolean;
}) {
  const navigate = useNavigate();
  const { data: result, error } = useResultForEdit(isEdit ? resultId : null);
  const back = () => navigate(isEdit && resultId !== null ? `/results/${resultId}` : '/results');
  const header = (
    <PageHeader
      title={isEdit ? RESULT_TEXTS.editTitle : RESULT_TEXTS.enterTitle}
      subtitle={result === undefined ? undefined : `${result.display_id} · ${result.test_name}`}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {BACK}
        </Button>
      }
    />
  );
  if (isEdit && (resultId === null || isNotFound(error))) {
    return <NotFoundCard title={RESULT_TEXTS.notFound} backLabel={BACK} backPath="/results" />;
  }
  if (isEdit && error instanceof Error) {
    return (
      <>
        {header}
        <Alert type="error" showIcon title={error.message} />
      </>
    );
  }
  if (isEdit && result === undefined) {
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
      <ResultForm key={result?.id ?? 'new'} result={result ?? null} preselected={preselected} />
    </>
  );
}

/** The markers of a request: its own marker_ids, then its panel's, as the institution's catalogue gives them. */
function useRequestMarkers(requestId: number | null, result: ResultDetail | null) {
  const { data: request, isLoading } = useResultTestRequest(requestId);
  const { data: panel } = usePanel(result === null ? (request?.panel_id ?? null) : null);
  const { data: catalogue } = useInstitutionMarkers(result === null ? (request?.institution_id ?? null) : null);
  const markers = useMemo<PanelMarker[]>(() => {
    // An entered result carries its markers with the ranges they had when it was entered.
    if (result !== null) return result.markers.map((marker) => ({ ...marker, key: marker.marker_id }));
    if (request === undefined || catalogue === undefined) return [];
    const ids = [...new Set([...request.marker_ids, ...(panel?.marker_ids ?? [])])];
    return ids.flatMap((id) => {
      const marker = catalogue.find((item) => item.id === id);
      return marker === undefined ? [] : [{ ...marker, key: marker.id }];
    });
  }, [result, request, panel, catalogue]);
  return { request, loading: isLoading, markers };
}

function ResultForm({ result, preselected }: { result: ResultDetail | null; preselected: number | null }) {
  const navigate = useNavigate();
  const cache = useResultCache();
  const [form] = Form.useForm<ResultFormValues>();
  const { saving, saveError, run } = useSaveAction(RESULT_TEXTS.failedToSave, { form, labels: RESULT_FORM_LABELS });
  const editing = result !== null;
  const { data: requests, error: requestsError, isLoading: requestsLoading } = useEntryTestRequests(!editing);
  const statusOptions = resultStatusOptions(result?.status ?? null).map((value) => ({
    value,
    label: RESULT_STATUS_LABELS[value],
  }));
  const initialValues = useMemo<ResultFormValues>(
    () => ({
      test_request_id: result?.test_request_id ?? preselected,
      result_data: result?.result_data ?? '',
      result_values: result?.result_values ?? '',
      interpretation: result?.interpretation ?? '',
      status: statusOptions[0]!.value,
      amendment_reason: '',
    }),
    // The form's first values: the result as loaded (the form is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const values = Form.useWatch([], form) as Partial<ResultFormValues> | undefined;
  const watched = { ...initialValues, ...values };
  const { request, loading, markers } = useRequestMarkers(watched.test_request_id, result);

  const requestOptions = useMemo(() => {
    const label = (id: number, patient: string, test: string) => `${formatRequestId(id)} - ${patient} - ${test}`;
    if (result !== null) {
      const patient = personName(result.patient_first_name, result.patient_last_name);
      return [{ value: result.test_request_id, label: label(result.test_request_id, patient, result.test_name) }];
    }
    const options = (requests ?? []).map((item) => ({
      value: item.id,
      label: label(item.id, personName(item.patient_first_name, item.patient_last_name), item.test_name),
    }));
    // A request opened from its page (?test_request_id=) that the lists do not hold yet (an older one).
    if (request !== undefined && !options.some((option) => option.value === request.id)) {
      options.unshift({
        value: request.id,
        label: label(request.id, personName(request.patient_first_name, request.patient_last_name), request.test_name),
      });
    }
    return options;
  }, [result, requests, request]);

  const addTemplate = () =>
    form.setFieldsValue({
      result_data: withTemplate(form.getFieldValue('result_data') ?? '', markerTemplate(markers)),
    });

  const onFinish = async (submitted: ResultFormValues) => {
    const saved = await run(async () => {
      const answer = await saveResult(result?.id ?? null, resultBodyOf({ ...initialValues, ...submitted }));
      await cache.saved(answer);
      navigate(`/results/${answer.id}`);
    });
    if (!saved) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const amending = needsAmendmentReason(watched.status);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        <Form<ResultFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
          <Flex vertical gap={24}>
            {saveError !== null && <Alert type="error" showIcon title={saveError} data-testid="save-error" />}
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Result</h2>}>
              {requestsError instanceof Error && (
                <Alert type="error" showIcon title={ENTRY_REQUESTS_LOAD_ERROR} style={{ marginBottom: 16 }} />
              )}
              <Form.Item
                label={RESULT_FORM_LABELS.test_request_id}
                name="test_request_id"
                required
                extra={editing ? 'The test request of a result cannot be changed' : undefined}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Select a test request"
                  options={requestOptions}
                  disabled={editing}
                  loading={requestsLoading}
                  notFoundContent="No test requests awaiting a result"
                />
              </Form.Item>
              <Form.Item
                label={RESULT_FORM_LABELS.result_data}
                required
                extra={
                  markers.length > 0 && (
                    <Button size="small" onClick={addTemplate} style={{ marginTop: 8 }}>
                      {RESULT_TEXTS.addMarkerTemplate}
                    </Button>
                  )
                }
              >
                <Form.Item
                  name="result_data"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: 'Result Data is required' }]}
                >
                  <Input.TextArea
                    rows={8}
                    maxLength={RESULT_LIMITS.resultDataMaxLength}
                    aria-label={RESULT_FORM_LABELS.result_data}
                    style={{ fontFamily: 'monospace' }}
                  />
                </Form.Item>
              </Form.Item>
              <Form.Item
                label={RESULT_FORM_LABELS.result_values}
                name="result_values"
                extra="Optional; JSON recommended"
                rules={[
                  {
                    validator: (_, value: string | undefined) => {
                      const problem = structuredValuesProblem(value ?? '');
                      return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
                    },
                  },
                ]}
              >
                <Input.TextArea
                  rows={4}
                  maxLength={RESULT_LIMITS.resultValuesMaxLength}
                  placeholder='{"glucose": 5.4}'
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
              <Form.Item label={RESULT_FORM_LABELS.interpretation} name="interpretation">
                <Input.TextArea rows={4} maxLength={RESULT_LIMITS.interpretationMaxLength} />
              </Form.Item>
              <Form.Item
                label={RESULT_FORM_LABELS.status}
                name="status"
                extra={editing ? undefined : 'A new result is entered as a draft, then reviewed and released'}
              >
                <Select options={statusOptions} />
              </Form.Item>
              {amending && (
                <Form.Item
                  label={RESULT_FORM_LABELS.amendment_reason}
                  name="amendment_reason"
                  extra="Say what was corrected and why: the corrected report names it"
                  rules={[{ required: true, whitespace: true, message: 'Reason for Amendment is required' }]}
                >
                  <Input.TextArea rows={3} maxLength={RESULT_LIMITS.amendmentReasonMaxLength} />
                </Form.Item>
              )}
            </Card>
            <FormActions
              submitLabel={saving ? 'Saving...' : editing ? 'Update Result' : 'Save Result'}
              saving={saving}
              submitDisabled={!canSubmit(watched)}
              onCancel={() => navigate('/results')}
            />
          </Flex>
        </Form>
      </Col>
      <Col xs={24} xl={8}>
        <SidePanel request={request} loading={loading} markers={markers} />
      </Col>
    </Row>
  );
}
