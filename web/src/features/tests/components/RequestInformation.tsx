import { formatDate, formatDateTime } from '@labline/contracts';
import type { TestRequestDetail } from '@labline/contracts';
import { Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FlagText } from '../../../shared/Flag';
import { formatPhoneNumber } from '../../../shared/phone';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';
import { UserEmailAction } from '../../users/components/UserEmailAction';
import { personName, requestPatientName } from '../format';
import { customDataValueText } from '../order/customData';
import { PriorityTag, StatusTag } from '../../../shared/RequestTags';

const none = <Typography.Text type="secondary">Not provided</Typography.Text>;
const orNone = (value: string | null | undefined): ReactNode => (value ? <EllipsisText>{value}</EllipsisText> : none);

/** custom_data's named values, one per line ("Fasting: Yes"). */
function CustomDataList({ data }: { data: TestRequestDetail['custom_data'] }) {
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) return none;
  return (
    <Flex vertical data-testid="request-custom-data" style={{ minWidth: 0 }}>
      {entries.map(([name, value]) => (
        <EllipsisText key={name}>{`${name}: ${customDataValueText(value)}`}</EllipsisText>
      ))}
    </Flex>
  );
}

/** spec 1 §2 /tests/{id}: the patient and the test ordered. */
export function RequestInformation({ request }: { request: TestRequestDetail }) {
  const layout = useDescriptionsLayout();
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card title="Patient Information" style={{ height: '100%' }}>
          <Descriptions layout={layout} column={1} size="small">
            <Descriptions.Item label="Name">
              <EllipsisText to={`/patients/${request.patient_id}`}>{requestPatientName(request)}</EllipsisText>
            </Descriptions.Item>
            <Descriptions.Item label="Medical Record Number">{orNone(request.medical_record_number)}</Descriptions.Item>
            <Descriptions.Item label="Email">{orNone(request.patient_email)}</Descriptions.Item>
            <Descriptions.Item label="Phone">
              {request.patient_phone ? <FlagText>{formatPhoneNumber(request.patient_phone)}</FlagText> : none}
            </Descriptions.Item>
            <Descriptions.Item label="Institution">{orNone(request.institution_name)}</Descriptions.Item>
            <Descriptions.Item label="Clinician">
              {orNone(request.clinician_name)}
              <UserEmailAction userId={request.clinician_id} name={request.clinician_name} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Test Information" style={{ height: '100%' }}>
          <Descriptions layout={layout} column={1} size="small">
            <Descriptions.Item label="Test">
              <span data-testid="request-test-name" style={{ minWidth: 0 }}>
                <EllipsisText>{request.test_name}</EllipsisText>
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Sample Type">
              <EllipsisText>{request.sample_type}</EllipsisText>
            </Descriptions.Item>
            {request.panel_name !== null && (
              <Descriptions.Item label="Panel">
                <EllipsisText>{request.panel_name}</EllipsisText>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="Status">
              <span data-testid="request-status">
                <StatusTag status={request.status} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Priority">
              <PriorityTag priority={request.priority} />
            </Descriptions.Item>
            <Descriptions.Item label="Requested">
              {formatDateTime(request.requested_at)}
              {personName(request.requested_by_name, request.requested_by_lastname) !== null &&
                ` by ${personName(request.requested_by_name, request.requested_by_lastname)}`}
            </Descriptions.Item>
            <Descriptions.Item label="Expected Test Date">
              {/* The day ordered, its time fixed at 12:00 UTC: the UTC day, which no viewer's zone moves. */}
              {request.expected_test_datetime === null ? none : formatDate(request.expected_test_datetime.slice(0, 10))}
            </Descriptions.Item>
            <Descriptions.Item label="Department">{orNone(request.department)}</Descriptions.Item>
            <Descriptions.Item label="CMS Priority">{orNone(request.cms_priority)}</Descriptions.Item>
            <Descriptions.Item label="CMS Status">{orNone(request.cms_status)}</Descriptions.Item>
            <Descriptions.Item label="Additional Fields">
              <CustomDataList data={request.custom_data} />
            </Descriptions.Item>
            <Descriptions.Item label="Fulfillment Partner">
              {request.fulfillment_by_partner ? orNone(request.fulfillment_agent) : 'Not by a partner'}
            </Descriptions.Item>
            <Descriptions.Item label="Notes">
              {request.notes ? (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {request.notes}
                </Typography.Paragraph>
              ) : (
                none
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
