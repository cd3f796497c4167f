import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { SortOrder } from '../lib/use-list-controls.ts';

interface SortHeaderProps {
  readonly label: string;
  /** The direction when the list is sorted by this column, else undefined. */
  readonly order: SortOrder | undefined;
  readonly onSort: () => void;
  readonly width?: CSSProperties['width'];
}

/** Each direction's icon and aria-sort value; `none` is a column the list is not sorted by. */
const DIRECTIONS = {
  asc: { Icon: IconChevronUp, ariaSort: 'ascending' },
  desc: { Icon: IconChevronDown, ariaSort: 'descending' },
  none: { Icon: IconSelector, ariaSort: 'none' },
} as const;

/** A column header that sorts the list; it tells assistive technology the direction (aria-sort). */
export function SortHeader({ label, order, onSort, width }: SortHeaderProps) {
  const { Icon, ariaSort } = DIRECTIONS[order ?? 'none'];
  return (
    <Table.Th aria-sort={ariaSort} w={width} p={0}>
      <UnstyledButton
        onClick={onSort}
        w="100%"
        px="xs"
        py="xs"
        fw={700}
        fz="sm"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap={6} wrap="nowrap">
          <span>{label}</span>
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
