import { DownOutlined } from '@ant-design/icons';
import { INVENTORY_TEXTS, QUICK_ADJUSTMENTS, freeUnits, stockLevel, type InventoryItem } from '@labline/contracts';
import { Button, Dropdown, Flex, Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EllipsisText } from '../../../shared/EllipsisText';
import { ListEmptyState } from '../../../shared/ListSearch';
import { RowAction } from '../../../shared/RowActions';
import { STOCK_TEXT_COLORS, StockBadge } from './StockBadge';

/** What a row offers the caller (spec 2 §2.1 row actions); the page decides by role and stock. */
export interface InventoryRowActions {
  view(item: InventoryItem): void;
  /** institution_admin, on low rows. */
  request?(item: InventoryItem): void;
  /** The managers' actions. */
  manage?: {
    edit(item: InventoryItem): void;
    notify(item: InventoryItem): void;
    quickAdjust(item: InventoryItem): void;
    adjustBy(item: InventoryItem, adjustment: number, reason: string): void;
  };
}

interface InventoryTableProps {
  items: readonly InventoryItem[];
  loading: boolean;
  empty: ReactNode;
  actions: InventoryRowActions;
  canRequest(item: InventoryItem): boolean;
}

const DESCRIPTION_WIDTH = 260;

function ManagerMenu({ item, manage }: { item: InventoryItem; manage: NonNullable<InventoryRowActions['manage']> }) {
  const quick = [QUICK_ADJUSTMENTS.addTen, QUICK_ADJUSTMENTS.removeOne];
  return (
    <Dropdown
      trigger={['hover', 'click']}
      menu={{
        items: [
          { key: 'quick', label: 'Quick Adjust', onClick: () => manage.quickAdjust(item) },
          ...quick.map((entry) => ({
            key: entry.label,
            label: entry.label,
            onClick: () => manage.adjustBy(item, entry.adjustment, entry.reason),
          })),
        ],
      }}
    >
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={`More actions for ${item.item_name}`}>
        More <DownOutlined />
      </Button>
    </Dropdown>
  );
}

function columns(actions: InventoryRowActions, canRequest: (item: InventoryItem) => boolean) {
  const result: TableProps<InventoryItem>['columns'] = [
    {
      title: 'Item Details',
      key: 'item',
      render: (_, item) => (
        <Flex vertical>
          <Link to={`/inventory/${item.id}`}>
            <Typography.Text strong>{item.item_name}</Typography.Text>
          </Link>
          <Typography.Text type="secondary">SKU: {item.item_sku}</Typography.Text>
          {item.item_description !== null && (
            <EllipsisText type="secondary" maxWidth={DESCRIPTION_WIDTH}>
              {item.item_description}
            </EllipsisText>
          )}
        </Flex>
      ),
    },
    { title: 'Category', key: 'category', render: (_, item) => item.category ?? INVENTORY_TEXTS.notAvailable },
    {
      title: 'Location',
      key: 'location',
      render: (_, item) => item.location ?? INVENTORY_TEXTS.unspecifiedLocation,
    },
    {
      title: 'Stock Level',
      key: 'stock',
      render: (_, item) => (
        <Flex vertical>
          <Typography.Text style={{ color: STOCK_TEXT_COLORS[stockLevel(item)] }} strong>
            {item.quantity_available} available
          </Typography.Text>
          {item.quantity_reserved > 0 && (
            <Typography.Text type="secondary">{item.quantity_reserved} reserved</Typography.Text>
          )}
          <Typography.Text type="secondary">Min: {item.minimum_threshold}</Typography.Text>
        </Flex>
      ),
    },
    { title: 'Availability', key: 'free', render: (_, item) => `${freeUnits(item)} units free` },
    { title: 'Status', key: 'status', render: (_, item) => <StockBadge level={item.stock_level} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => {
        const low = item.stock_level === 'low';
        const { manage, request } = actions;
        return (
          <Flex gap={12} wrap>
            <RowAction onClick={() => actions.view(item)}>View</RowAction>
            {request !== undefined && canRequest(item) && (
              <RowAction onClick={() => request(item)}>Request Item</RowAction>
            )}
            {manage !== undefined && <RowAction onClick={() => manage.edit(item)}>Edit</RowAction>}
            {manage !== undefined && low && <RowAction onClick={() => manage.notify(item)}>Notify</RowAction>}
            {manage !== undefined && <ManagerMenu item={item} manage={manage} />}
          </Flex>
        );
      },
    },
  ];
  return result;
}

/** The inventory list's table (spec 2 §2.1 columns, badges and row actions). */
export function InventoryTable({ items, loading, empty, actions, canRequest }: InventoryTableProps) {
  return (
    <ListEmptyState empty={empty}>
      <Table<InventoryItem>
        rowKey="id"
        dataSource={items as InventoryItem[]}
        columns={columns(actions, canRequest)}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </ListEmptyState>
  );
}
