import type { TestRequestDetail } from '@labline/contracts';
import { Alert, Flex } from 'antd';
import { PrintLabelsButton } from './PrintLabelsButton';

/** After a checkout: the requests just ordered, each with its Print Labels, for the tubes about to be filled. */
export function SavedRequestLabels({ requests }: { requests: readonly TestRequestDetail[] }) {
  return (
    <Alert
      type="success"
      showIcon
      title={requests.length === 1 ? '1 test request ordered' : `${requests.length} test requests ordered`}
      description={
        <Flex wrap gap={8} style={{ marginTop: 8 }}>
          {requests.map((request) => (
            <PrintLabelsButton key={request.id} request={request}>
              {`Print Labels for ${request.display_id}`}
            </PrintLabelsButton>
          ))}
        </Flex>
      }
    />
  );
}
