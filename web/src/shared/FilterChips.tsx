import { Flex, Tag } from 'antd';

export interface FilterChip<K extends string> {
  key: K;
  label: string;
}

/** The applied filters above a list, one removable chip each (the fulfillment and results lists). */
export function FilterChips<K extends string>({
  chips,
  onRemove,
}: {
  chips: readonly FilterChip<K>[];
  onRemove(key: K): void;
}) {
  if (chips.length === 0) return null;
  return (
    <Flex gap={8} wrap align="center" data-testid="filter-chips">
      {chips.map((chip) => (
        <Tag
          key={chip.key}
          closable
          onClose={(event) => {
            event.preventDefault();
            onRemove(chip.key);
          }}
        >
          {chip.label}
        </Tag>
      ))}
    </Flex>
  );
}
