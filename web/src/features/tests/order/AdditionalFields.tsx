import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_DATA_LIMITS, FIELD_LABELS, TEST_REQUEST_FIELD_LIMITS, type LookupKind } from '@labline/contracts';
import { Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useCatalogueItems } from '../../../shared/catalogueApi';
import { customDataProblems, customDataValueText, emptyCustomDataEntry, type CustomDataEntry } from './customData';
import { fieldStatus, type ServerFieldErrors } from './fieldStatus';
import type { TestDraft } from './orderModel';

interface AdditionalFieldsProps {
  institutionId: number | null;
  test: TestDraft;
  onChange(test: TestDraft): void;
  serverErrors: ServerFieldErrors;
}

/**
 * The CMS catalogue's active priorities or statuses of the institution, by name (spec 1 §7 CMS lookups), with
 * the request's own choice kept when it is no longer offered (an edit must not lose it).
 */
function useLookupOptions(
  kind: Extract<LookupKind, 'priorities' | 'statuses'>,
  institutionId: number | null,
  chosen: string | null,
) {
  const { data: items, isLoading } = useCatalogueItems(kind, institutionId);
  const names = (items ?? []).filter((item) => item.active).map((item) => item.name);
  if (chosen !== null && !names.includes(chosen)) names.push(chosen);
  return { options: names.map((name) => ({ value: name, label: name })), loading: isLoading };
}

/** The named values of custom_data, one row each. */
function CustomDataRows({
  entries,
  onChange,
}: {
  entries: CustomDataEntry[];
  onChange(entries: CustomDataEntry[]): void;
}) {
  const problems = customDataProblems(entries);
  const change = (key: number, changes: Partial<CustomDataEntry>) =>
    onChange(entries.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry)));
  return (
    <Flex vertical gap={8}>
      {entries.map((entry, index) => (
        <Flex key={entry.key} vertical gap={2} data-testid="custom-data-row">
          <Flex gap={8} align="start">
            <Input
              aria-label={`Additional field ${index + 1} name`}
              placeholder="Name"
              value={entry.name}
              maxLength={CUSTOM_DATA_LIMITS.name}
              status={problems[index] === '' ? undefined : 'error'}
              onChange={(event) => change(entry.key, { name: event.target.value })}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Input
              aria-label={`Additional field ${index + 1} value`}
              placeholder="Value"
              value={customDataValueText(entry.value)}
              maxLength={CUSTOM_DATA_LIMITS.value}
              onChange={(event) => change(entry.key, { value: event.target.value })}
              style={{ flex: 2, minWidth: 0 }}
            />
            <Button
              aria-label={`Remove additional field ${index + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => onChange(entries.filter((item) => item.key !== entry.key))}
            />
          </Flex>
          {problems[index] !== '' && <Typography.Text type="danger">{problems[index]}</Typography.Text>}
        </Flex>
      ))}
      <div>
        <Button icon={<PlusOutlined />} onClick={() => onChange([...entries, emptyCustomDataEntry()])}>
          Add Field
        </Button>
      </div>
    </Flex>
  );
}

/** spec 1 §3, §7: the department, the CMS priority and status, and any further named values of the test. */
export function AdditionalFields({ institutionId, test, onChange, serverErrors }: AdditionalFieldsProps) {
  const priorities = useLookupOptions('priorities', institutionId, test.cms_priority);
  const statuses = useLookupOptions('statuses', institutionId, test.cms_status);
  const status = (fields: string[]) => fieldStatus(false, '', serverErrors, fields);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item label={FIELD_LABELS.department} htmlFor="test-department" {...status(['department'])}>
          <Input
            id="test-department"
            value={test.department}
            maxLength={TEST_REQUEST_FIELD_LIMITS.department}
            onChange={(event) => onChange({ ...test, department: event.target.value })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={FIELD_LABELS.cms_priority} htmlFor="test-cms-priority" {...status(['cms_priority'])}>
          <Select<string>
            id="test-cms-priority"
            placeholder="Select a priority"
            allowClear
            disabled={institutionId === null}
            loading={priorities.loading}
            value={test.cms_priority ?? undefined}
            onChange={(name) => onChange({ ...test, cms_priority: name ?? null })}
            options={priorities.options}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={FIELD_LABELS.cms_status} htmlFor="test-cms-status" {...status(['cms_status'])}>
          <Select<string>
            id="test-cms-status"
            placeholder="Select a status"
            allowClear
            disabled={institutionId === null}
            loading={statuses.loading}
            value={test.cms_status ?? undefined}
            onChange={(name) => onChange({ ...test, cms_status: name ?? null })}
            options={statuses.options}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label={FIELD_LABELS.custom_data}
          extra="Further named values of this test, e.g. Fasting: Yes"
          {...status(['custom_data'])}
        >
          <CustomDataRows
            entries={test.custom_data}
            onChange={(entries) => onChange({ ...test, custom_data: entries })}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
