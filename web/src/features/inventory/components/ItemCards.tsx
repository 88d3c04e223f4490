import {
  INVENTORY_TEXTS,
  formatDate,
  formatDateTime,
  formatFulfillmentId,
  freeUnits,
  stockBarPercent,
  type InventoryItemDetail,
} from '@labline/contracts';
import { Card, Col, Descriptions, Empty, Flex, Progress, Row, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { STOCK_TEXT_COLORS, StockBadge } from './StockBadge';

/** spec 2 §2.3 Item Information: name, SKU, category, location, institution, status, and the PO block. */
export function ItemInformation({ item }: { item: InventoryItemDetail }) {
  return (
    <Card title="Item Information" style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Item Name', children: item.item_name },
          { key: 'sku', label: 'SKU', children: item.item_sku },
          { key: 'category', label: 'Category', children: item.category ?? INVENTORY_TEXTS.uncategorized },
          { key: 'location', label: 'Location', children: item.location ?? INVENTORY_TEXTS.unspecifiedLocation },
          {
            key: 'institution',
            label: 'Institution',
            children: item.institution_name ?? INVENTORY_TEXTS.globalInstitution,
          },
          { key: 'status', label: 'Status', children: <StockBadge level={item.stock_level} /> },
          { key: 'po', label: 'PO Number', children: item.po_number },
          {
            key: 'purchase',
            label: 'Purchase Date',
            children: item.purchase_date === null ? '—' : formatDate(item.purchase_date.slice(0, 10)),
          },
          {
            key: 'received',
            label: 'Received Date',
            children: item.received_date === null ? '—' : formatDate(item.received_date.slice(0, 10)),
          },
          ...(item.item_description === null
            ? []
            : [{ key: 'description', label: 'Description', children: item.item_description }]),
        ]}
      />
    </Card>
  );
}

interface StockInformationProps {
  /** The figures shown: now, or as they stood at the end of the chosen day; null: none to show for that day (yet). */
  item: InventoryItemDetail | null;
  /** The "Stock as of" date box and what it says. */
  asOf: ReactNode;
}

/** spec 2 §2.3 Stock Information: available, reserved, free, the threshold and the capped bar. */
export function StockInformation({ item, asOf }: StockInformationProps) {
  if (item === null) {
    return (
      <Card title="Stock Information" style={{ height: '100%' }}>
        {asOf}
      </Card>
    );
  }
  const level = item.stock_level;
  const figure = (label: string, value: number, color?: string) => (
    <Col xs={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Title level={4} style={{ margin: 0, color }} data-testid={`stock-${label.toLowerCase()}`}>
        {value}
      </Typography.Title>
    </Col>
  );
  return (
    <Card title="Stock Information" style={{ height: '100%' }}>
      <Flex vertical gap={16}>
        {asOf}
        <Row gutter={16}>
          {figure('Available', item.quantity_available, STOCK_TEXT_COLORS[level])}
          {figure('Reserved', item.quantity_reserved)}
          {figure('Free', freeUnits(item))}
        </Row>
        <Typography.Text>Minimum Threshold: {item.minimum_threshold}</Typography.Text>
        <Progress
          percent={stockBarPercent(item)}
          strokeColor={STOCK_TEXT_COLORS[level]}
          showInfo={false}
          aria-label="Stock level"
        />
        <Flex justify="space-between" align="center">
          <StockBadge level={level} />
          <Typography.Text type="secondary">
            {item.as_of === null
              ? `Updated ${formatDateTime(item.updated_at)}`
              : `As of the end of ${formatDate(item.as_of)}`}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

type FulfillmentRow = InventoryItemDetail['recent_fulfillment_requests'][number];

/** spec 2 §2.3 Recent Fulfillment Requests (filled once the fulfillment service exists). */
export function RecentFulfillmentRequests({ requests }: { requests: readonly FulfillmentRow[] }) {
  return (
    <Card title="Recent Fulfillment Requests">
      <Table<FulfillmentRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={requests as FulfillmentRow[]}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No fulfillment requests for this item yet" />
          ),
        }}
        columns={[
          { title: 'ID', key: 'id', render: (_, row) => formatFulfillmentId(row.id) },
          { title: 'Patient', key: 'patient', render: (_, row) => row.patient_name ?? '—' },
          { title: 'Quantity', dataIndex: 'quantity' },
          { title: 'Status', key: 'status', render: (_, row) => <Tag>{row.status}</Tag> },
          { title: 'Assigned To', key: 'assigned', render: (_, row) => row.assigned_to_name ?? 'Unassigned' },
          { title: 'Date', key: 'date', render: (_, row) => formatDate(row.created_at) },
          { title: 'Actions', key: 'view', render: (_, row) => <Link to={`/fulfillment/${row.id}`}>View</Link> },
        ]}
      />
    </Card>
  );
}

interface ItemCardsProps {
  item: InventoryItemDetail;
  /** The stock figures shown: the item's now, or as they stood at the end of the "Stock as of" day (null: none). */
  stock: InventoryItemDetail | null;
  asOf: ReactNode;
}

export function ItemCards({ item, stock, asOf }: ItemCardsProps) {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <ItemInformation item={item} />
      </Col>
      <Col xs={24} lg={12}>
        <StockInformation item={stock} asOf={asOf} />
      </Col>
    </Row>
  );
}
