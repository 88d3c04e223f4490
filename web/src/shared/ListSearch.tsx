import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Empty, Input } from 'antd';
import type { ReactNode } from 'react';
import type { ListSearch } from './useListSearch';

interface ListSearchInputProps {
  search: ListSearch;
  /** The box's accessible name ("Search users"). */
  label: string;
  /** What may be searched for ("Search by name or email"). */
  placeholder: string;
}

/** The search box above every list: live (useUrlListState), clearable, the same width everywhere. */
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

interface ListOrLoadErrorProps {
  /** The list's failure (swr's `error`), if any. */
  error: unknown;
  /** What failed ("Failed to fetch users"): the list's default error text. */
  title: string;
  /** Loads the list again (swr's `mutate`). */
  onRetry(): unknown;
  /** The list: its table and footer. */
  children: ReactNode;
}

/**
 * A list, or, when it failed to load, the error with Retry in its place (issue 22): never an empty table that
 * reads as "nothing here". The error is antd's Alert, which every page has loaded already (the sign-in page
 * shows one), so a list pays next to nothing for it until it fails.
 */
export function ListOrLoadError({ error, title, onRetry, children }: ListOrLoadErrorProps) {
  if (!(error instanceof Error)) return children;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      // The failure's sentence, when it says more than the title (the server's reason).
      description={error.message === title ? undefined : error.message}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    />
  );
}
