import { formatDateTime } from '@labline/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { expectedTestDateTime, type TestFormFields } from '@labline/contracts';
import { Alert, Button, Card, Descriptions, Flex, List, Typography } from 'antd';
import { EllipsisText } from '../../../shared/EllipsisText';
import { PriorityTag } from '../../../shared/RequestTags';
import type { ServerFieldErrors } from './fieldStatus';
import { capacityOf, chosenMarkers, testName, volumeOf, type TestDraft } from './orderModel';

interface CheckoutProps {
  tests: readonly TestDraft[];
  fields: TestFormFields | undefined;
  /** Server errors per test key. */
  serverErrors: ReadonlyMap<number, ServerFieldErrors>;
  problems: readonly string[];
  saveError: string | null;
  isEdit: boolean;
  saving: boolean;
  onEdit(key: number): void;
  onRemove(key: number): void;
  onAddMore(): void;
  onSubmit(): void;
}

const none = <Typography.Text type="secondary">Not set</Typography.Text>;

/** Step 2 (spec 1 §4): the tests of the order, each submitted as a request of its own. */
export function Checkout({
  tests,
  fields,
  serverErrors,
  problems,
  saveError,
  isEdit,
  saving,
  onEdit,
  onRemove,
  onAddMore,
  onSubmit,
}: CheckoutProps) {
  return (
    <Card title={isEdit ? 'Review Test Request' : `Checkout: ${tests.length} test${tests.length === 1 ? '' : 's'}`}>
      <Flex vertical gap={16}>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={problems.length === 1 ? problems[0] : 'The order is not complete'}
            description={
              problems.length > 1 ? problems.map((problem) => <div key={problem}>{problem}</div>) : undefined
            }
          />
        )}
        {saveError !== null && <Alert type="error" showIcon title={saveError} />}
        <List
          dataSource={[...tests]}
          rowKey="key"
          locale={{ emptyText: 'No tests in this order yet' }}
          renderItem={(test, index) => {
            const device = fields?.collection_devices.find((item) => item.id === test.device_id);
            const sampleType = fields?.sample_types.find((item) => item.id === test.sample_type_id);
            const errors = Object.values(serverErrors.get(test.key) ?? {}).flat();
            const missingBarcode = test.barcode_number.trim() === '';
            return (
              <List.Item
                data-testid="checkout-test"
                actions={[
                  <Button key="edit" icon={<EditOutlined />} onClick={() => onEdit(test.key)}>
                    Edit
                  </Button>,
                  ...(isEdit
                    ? []
                    : [
                        <Button
                          key="remove"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`Remove test ${index + 1}`}
                          onClick={() => onRemove(test.key)}
                        />,
                      ]),
                ]}
              >
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong>Test {index + 1}: </Typography.Text>
                  <EllipsisText strong>{testName(test, fields)}</EllipsisText>
                  <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginTop: 8 }}>
                    <Descriptions.Item label="Sample Type">
                      {sampleType === undefined ? none : <EllipsisText>{sampleType.name}</EllipsisText>}
                    </Descriptions.Item>
                    <Descriptions.Item label="Laboratory">
                      {test.lab_id === null ? none : <EllipsisText>{test.lab_name ?? `#${test.lab_id}`}</EllipsisText>}
                    </Descriptions.Item>
                    <Descriptions.Item label="Collection Device">
                      {device === undefined ? (
                        none
                      ) : (
                        <EllipsisText>{`${device.name} (${volumeOf(chosenMarkers(test, fields))} of ${capacityOf(device)} µL)`}</EllipsisText>
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label="Barcode Number">
                      {missingBarcode ? (
                        <Typography.Text type="danger">Missing</Typography.Text>
                      ) : (
                        <EllipsisText>{test.barcode_number}</EllipsisText>
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label="Expected Test Date">
                      {test.expected_date === null ? none : formatDateTime(expectedTestDateTime(test.expected_date))}
                    </Descriptions.Item>
                    <Descriptions.Item label="Priority">
                      <PriorityTag priority={test.priority} />
                    </Descriptions.Item>
                  </Descriptions>
                  {errors.length > 0 && <Alert type="error" showIcon title={errors.join(' ')} />}
                </div>
              </List.Item>
            );
          }}
        />
        <Flex justify="flex-end" gap={12} wrap>
          {!isEdit && (
            <Button icon={<PlusOutlined />} onClick={onAddMore}>
              Add more tests
            </Button>
          )}
          <Button type="primary" loading={saving} disabled={tests.length === 0} onClick={onSubmit}>
            {isEdit
              ? 'Update Test Request'
              : `Submit ${tests.length === 1 ? 'Test Request' : `${tests.length} Test Requests`}`}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
