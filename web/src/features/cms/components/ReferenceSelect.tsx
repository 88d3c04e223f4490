import {
  CATALOGUE_REFERENCE_FIELDS,
  FIELD_LABELS,
  type CatalogueItemOf,
  type CatalogueKind,
  type CatalogueReferenceField,
} from '@labline/contracts';
import { Form, Select } from 'antd';
import { useCatalogueItems } from '../../../shared/catalogueApi';

interface ReferenceSelectProps<K extends CatalogueKind> {
  /** The kind whose items are offered. */
  kind: K;
  /** The institution whose items (and the global ones) are offered; null: all the caller sees. */
  institutionId: number | null;
  /** Offers only the items this accepts (a panel's markers: those of its sample type). */
  accept?: (item: CatalogueItemOf<K>) => boolean;
  placeholder: string;
  disabled?: boolean;
  /** Set by Form.Item. */
  id?: string;
  value?: number | number[];
  onChange?: (value: number | number[] | undefined) => void;
  multiple?: boolean;
}

/**
 * A picker of other catalogue items (a marker's sample types, a panel's markers): the active ones, and those
 * already chosen even when inactive since, so an edit shows every name it keeps.
 */
function ReferenceSelect<K extends CatalogueKind>({
  kind,
  institutionId,
  accept = () => true,
  multiple = false,
  value,
  ...selectProps
}: ReferenceSelectProps<K>) {
  const { data: items, error, isLoading } = useCatalogueItems(kind, institutionId);
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = (items ?? [])
    .filter((item) => chosen.includes(item.id) || (item.active && accept(item)))
    .map((item) => ({ value: item.id, label: item.name }));
  return (
    <Select<number | number[]>
      {...selectProps}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      options={options}
      loading={isLoading}
      status={error instanceof Error ? 'error' : undefined}
      notFoundContent={error instanceof Error ? error.message : undefined}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

type ReferenceKindOf<N extends CatalogueReferenceField> = (typeof CATALOGUE_REFERENCE_FIELDS)[N];

interface ReferenceFieldProps<N extends CatalogueReferenceField> {
  /** The form field: it names the kind it refers to, and a list (`…_ids`) or one item (`…_id`). */
  name: N;
  institutionId: number | null;
  placeholder: string;
  extra?: string;
  required?: boolean;
  disabled?: boolean;
  accept?: (item: CatalogueItemOf<ReferenceKindOf<N>>) => boolean;
}

/** A form field that refers to other catalogue items, labelled as the contracts label it. */
export function ReferenceField<N extends CatalogueReferenceField>({
  name,
  extra,
  required = false,
  ...selectProps
}: ReferenceFieldProps<N>) {
  const field: string = name;
  return (
    <Form.Item
      label={FIELD_LABELS[name]}
      name={field}
      extra={extra}
      rules={required ? [{ required: true }] : undefined}
    >
      <ReferenceSelect<ReferenceKindOf<N>>
        {...selectProps}
        kind={CATALOGUE_REFERENCE_FIELDS[name]}
        multiple={name.endsWith('_ids')}
      />
    </Form.Item>
  );
}
