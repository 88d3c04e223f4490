import { ArrowLeftOutlined, EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { canAccessSection, RESULT_TEXTS } from '@labline/contracts';
import { Button, Card, Skeleton, Space, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { Result } from '../../shared/Result';
import { useRouteId } from '../../shared/routeId';
import { useAddressTab } from '../../shared/useAddressTab';
import { useResult } from './api';
import { ResultCards } from './components/ResultCards';
import { ReviewMenu } from './components/ReviewMenu';
import { patientName } from './model';
import { useResultActions } from './useResultActions';

const TABS = ['details', 'history'] as const;
/** Loaded when first opened: the History tab is no part of the page's first load. */
const ResultHistoryTab = lazy(() => import('./components/ResultHistoryTab'));
const BACK = 'Back to Results';

/**
 * /results/{id} (spec 2 §2.8): the result's cards, Generate PDF (the report drawn in the browser by the shared
 * renderer, loaded at the first click), Edit, the Review menu, and the History tab of every version; Result
 * Not Found for an unknown id or another institution's result.
 */
export default function ResultDetailPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const id = useRouteId();
  const { data: result, error } = useResult(id);
  const actions = useResultActions();
  const [activeTab, openTab] = useAddressTab(TABS);
  const back = () => navigate('/results');

  if (id === null || isNotFound(error)) {
    return <NotFoundCard title={RESULT_TEXTS.notFound} backLabel={BACK} backPath="/results" />;
  }
  if (error instanceof Error && result === undefined) {
    return (
      <Result
        status="error"
        title={RESULT_TEXTS.failedToFetchDetails}
        subTitle={error.message === RESULT_TEXTS.failedToFetchDetails ? undefined : error.message}
        extra={
          <Button type="primary" onClick={back}>
            {BACK}
          </Button>
        }
      />
    );
  }
  if (result === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={`Test Result ${result.display_id}`}
        subtitle={`${result.test_name} · ${patientName(result) || result.test_request_display_id}`}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {BACK}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              loading={actions.printing === result.id}
              onClick={() => void actions.downloadPdf(result.id, result)}
            >
              {RESULT_TEXTS.generatePdf}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => navigate(`/results/${result.id}/edit`)}>
              {result.status === 'final' ? 'Amend Result' : 'Edit Result'}
            </Button>
            <ReviewMenu
              result={result}
              size="page"
              busy={actions.busy === result.id}
              onReview={(to) => actions.review(result.id, result.display_id, to)}
            />
          </Space>
        }
      />
      <Tabs
        activeKey={activeTab}
        onChange={openTab}
        items={[
          {
            key: 'details',
            label: 'Details',
            children: <ResultCards result={result} linkRequest={canAccessSection(caller, 'tests')} />,
          },
          {
            key: 'history',
            label: 'History',
            children: (
              <Suspense fallback={<Skeleton active aria-busy="true" paragraph={{ rows: 4 }} />}>
                <ResultHistoryTab resultId={result.id} />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
