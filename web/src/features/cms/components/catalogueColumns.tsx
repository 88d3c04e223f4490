import type { CatalogueItem, CatalogueKind } from '@labline/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { ActiveStatus } from '../../../shared/ActiveStatus';
import { EllipsisText } from '../../../shared/EllipsisText';

type Column = ColumnType<CatalogueItem>;

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

export const nameColumn: Column = {
  title: 'Name',
  key: 'name',
  width: 200,
  render: (_, item) => <EllipsisText strong>{item.name}</EllipsisText>,
};

export const descriptionColumn: Column = {
  title: 'Description',
  key: 'description',
  width: 220,
  render: (_, item) =>
    item.description === null ? secondary('No description') : <EllipsisText>{item.description}</EllipsisText>,
};

export const statusColumn: Column = {
  title: 'Status',
  key: 'status',
  width: 100,
  render: (_, item) => <ActiveStatus active={item.active} />,
};

/** A column of one kind's field: the render sees only items of that kind (the tab shows no others). */
export function kindColumn<K extends CatalogueItem['kind']>(
  column: Omit<Column, 'render'> & { key: string },
  kind: K | readonly K[],
  render: (item: Extract<CatalogueItem, { kind: K }>) => ReactNode,
): Column {
  const kinds: readonly string[] = typeof kind === 'string' ? [kind] : kind;
  const isOfKind = (item: CatalogueItem): item is Extract<CatalogueItem, { kind: K }> => kinds.includes(item.kind);
  return { ...column, render: (_, item) => (isOfKind(item) ? render(item) : null) };
}

const markerCodeColumn = kindColumn({ title: 'LOINC Code', key: 'marker_code', width: 125 }, 'markers', (item) =>
  item.marker_code === null ? secondary('—') : <EllipsisText>{item.marker_code}</EllipsisText>,
);

const unitsColumn = kindColumn({ title: 'Units', key: 'units', width: 100 }, 'markers', (item) =>
  item.units === null ? secondary('—') : <EllipsisText>{item.units}</EllipsisText>,
);

const panelMarkersColumn = kindColumn({ title: 'Markers', key: 'markers', width: 220 }, 'panels', (item) =>
  item.marker_names.length === 0 ? (
    secondary('No markers assigned')
  ) : (
    <EllipsisText>{item.marker_names.join(', ')}</EllipsisText>
  ),
);

const institutionsColumn = kindColumn(
  { title: 'Institutions', key: 'institutions', width: 180 },
  ['markers', 'panels'],
  (item) =>
    item.institution_names.length === 0 ? (
      <Tag color="blue">Global</Tag>
    ) : (
      <EllipsisText>{item.institution_names.join(', ')}</EllipsisText>
    ),
);

const sortOrderColumn: Column = {
  title: 'Sort Order',
  key: 'sort_order',
  dataIndex: 'sort_order',
  width: 100,
};

/**
 * The generic lookup table's columns of spec 3 §2, before Actions: Name and Description, the kind's own, Status,
 * and the institutions of markers and panels. Fixed widths: a long name is cut, never widens its column.
 */
export function lookupColumns(kind: Exclude<CatalogueKind, 'labs'>): ColumnsType<CatalogueItem> {
  switch (kind) {
    case 'markers':
      return [nameColumn, markerCodeColumn, unitsColumn, descriptionColumn, statusColumn, institutionsColumn];
    case 'panels':
      return [nameColumn, descriptionColumn, panelMarkersColumn, statusColumn, institutionsColumn];
    case 'priorities':
    case 'statuses':
      return [nameColumn, descriptionColumn, sortOrderColumn, statusColumn];
    default:
      return [nameColumn, descriptionColumn, statusColumn];
  }
}
