import { Card } from 'antd';
import { HistoryTimeline } from '../../../shared/HistoryTimeline';
import { resultHistoryPath } from '../api';

/**
 * The result's History tab (issue 26 item 3): every version, newest first, with who made it and when, what it
 * changed (status, result data, structured values, interpretation) and, for an amendment, why.
 */
export default function ResultHistoryTab({ resultId }: { resultId: number }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Versions</h2>} data-testid="result-history">
      <HistoryTimeline path={resultHistoryPath(resultId)} noteLabel="Reason" />
    </Card>
  );
}
