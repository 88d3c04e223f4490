import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { ListEmptyState } from './ListSearch';

interface ListTableProps<T> {
  rows: readonly T[];
  columns: TableProps<T>['columns'];
  loading: boolean;
  /** What an empty list says (ListEmpty). */
  empty: ReactNode;
  /** The columns' widths: wider than a laptop's list, it scrolls sideways, with pinned actions kept in sight. */
  width: number;
}

/** A server-paged list's table (the page's pager is the list's own): one row per record by id, its empty state. */
export function ListTable<T extends { id: number }>({ rows, columns, loading, empty, width }: ListTableProps<T>) {
  return (
    <ListEmptyState empty={empty}>
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={rows as T[]}
        columns={columns}
        loading={loading}
        pagination={false}
        scroll={{ x: width }}
      />
    </ListEmptyState>
  );
}
