import { BarcodeOutlined } from '@ant-design/icons';
import type { TestRequestDetail } from '@labline/contracts';
import { Card, Col, Descriptions, Empty, List, Row, Typography } from 'antd';
import { EllipsisText } from '../../../shared/EllipsisText';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';

const volume = (value: number | null) => (value === null ? '—' : `${value} µL`);

/** spec 1 §2: the barcode and the external lab the sample goes to; 'No barcode number assigned' without one. */
export function BarcodeLabCard({ request }: { request: TestRequestDetail }) {
  const layout = useDescriptionsLayout();
  return (
    <Card title="Barcode and External Lab" style={{ height: '100%' }}>
      <Descriptions layout={layout} column={1} size="small">
        <Descriptions.Item label="Barcode Number">
          {request.barcode_number === '' ? (
            <Typography.Text type="secondary">No barcode number assigned</Typography.Text>
          ) : (
            <span data-testid="request-barcode" style={{ minWidth: 0 }}>
              <BarcodeOutlined style={{ marginRight: 8 }} />
              <EllipsisText>{request.barcode_number}</EllipsisText>
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Laboratory">
          {request.lab_name === null ? `#${request.lab_id}` : <EllipsisText>{request.lab_name}</EllipsisText>}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The markers ordered (a panel's markers when a panel was chosen) and the collection device. */
export function MarkersDevicesCards({ request }: { request: TestRequestDetail }) {
  const requiredVolume = request.device_selections.reduce((sum, selection) => sum + selection.required_volume, 0);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card title="Markers" style={{ height: '100%' }}>
          <List
            size="small"
            dataSource={request.markers}
            locale={{ emptyText: <Empty description="No markers" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(marker) => (
              <List.Item extra={<Typography.Text type="secondary">{volume(marker.value)}</Typography.Text>}>
                <EllipsisText>{marker.name}</EllipsisText>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Collection Devices" style={{ height: '100%' }}>
          <List
            size="small"
            dataSource={request.collection_devices}
            locale={{ emptyText: <Empty description="No collection devices" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(device) => (
              <List.Item
                extra={
                  <Typography.Text type="secondary">
                    {requiredVolume} µL of {volume(device.max_capacity)} · quantity 1
                  </Typography.Text>
                }
              >
                <EllipsisText>{device.name}</EllipsisText>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
