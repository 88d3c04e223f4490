import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { columnsWidth } from './columnsWidth';

interface FixedColumnsTableProps<T> {
  /** Columns with their widths in pixels. */
  columns: ColumnsType<T>;
  /** The rows shown: one page of the list (the list's PaginationFooter pages it). */
  rows: readonly T[];
  loading: boolean;
  size?: 'middle';
}

/**
 * A list's table with fixed column widths (the table's fixed layout): a long text is cut, never widens its
 * column, and a screen narrower than the columns scrolls the table inside its box.
 */
export function FixedColumnsTable<T extends { id: number }>({
  columns,
  rows,
  loading,
  size,
}: FixedColumnsTableProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      size={size}
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns) }}
    />
  );
}
