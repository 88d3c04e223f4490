import { Select } from 'antd';
import type { ReactNode } from 'react';

interface ListFilterSelectProps<Value extends string | number> {
  /** The box's accessible name ("Role filter"). */
  label: string;
  /** What the list shows while the filter is empty ("All Roles"). */
  placeholder: string;
  options: { value: Value; label: ReactNode }[];
  value: Value | undefined;
  /** The chosen value, or undefined when the filter is cleared. */
  onChange(value: Value | undefined): void;
  width: number;
}

/** A clearable filter above a list, beside its ListSearchInput: the same on every list (users, patients, logs). */
export function ListFilterSelect<Value extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
  width,
}: ListFilterSelectProps<Value>) {
  return (
    <Select<Value>
      aria-label={label}
      placeholder={placeholder}
      allowClear
      options={options}
      value={value}
      onChange={(next) => onChange(next)}
      style={{ width }}
    />
  );
}
