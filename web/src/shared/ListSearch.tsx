import { SearchOutlined } from '@ant-design/icons';
import { ConfigProvider, Empty, Input } from 'antd';
import type { ReactNode } from 'react';
import type { ListSearch } from './useListSearch';

interface ListSearchInputProps {
  search: ListSearch;
  /** The box's accessible name ("Search users"). */
  label: string;
  /** What may be searched for ("Search by name or email"). */
  placeholder: string;
}

/** The search box above every list: live (useListSearch), clearable, the same width everywhere. */
export function ListSearchInput({ search, label, placeholder }: ListSearchInputProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
      style={{ maxWidth: 360 }}
    />
  );
}

interface ListEmptyProps {
  /** The records in the plural, as in "No patients match your search". */
  noun: string;
  /** Whether a search or filter is narrowing the list: then nothing matched, rather than nothing exists. */
  narrowed: boolean;
  /** An action offered when nothing exists yet (Add Patient). */
  children?: ReactNode;
}

/** What a list's table shows without rows: 'No {noun} match your search', or 'No {noun} found'. */
export function ListEmpty({ noun, narrowed, children }: ListEmptyProps) {
  return (
    <Empty description={narrowed ? `No ${noun} match your search` : `No ${noun} found`} style={{ margin: '24px 0' }}>
      {narrowed ? null : children}
    </Empty>
  );
}

/** Gives the table inside its empty state (antd's renderEmpty), for tables that take none of their own. */
export function ListEmptyState({ empty, children }: { empty: ReactNode; children: ReactNode }) {
  return <ConfigProvider renderEmpty={() => empty}>{children}</ConfigProvider>;
}
