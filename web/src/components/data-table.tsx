import { Skeleton, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { ListSort } from '../lib/use-list-controls.ts';
import { SortHeader } from './sort-header.tsx';

export interface DataColumn<T, S extends string = string> {
  readonly key: string;
  readonly header: string;
  readonly render: (row: T) => ReactNode;
  /** The list's orderBy value for this column; without it the column does not sort. */
  readonly sortKey?: S;
  readonly width?: CSSProperties['width'];
}

interface DataTableProps<T, S extends string> {
  /** The table's accessible name. */
  readonly label: string;
  readonly columns: readonly DataColumn<T, S>[];
  /** undefined while the first page loads: skeleton rows show instead. */
  readonly rows: readonly T[] | undefined;
  readonly rowKey: (row: T) => string;
  readonly emptyText: string;
  readonly sort?: ListSort<S>;
  readonly onSort?: (sortKey: S) => void;
  /** True while another page, search or sort loads over the rows shown. */
  readonly busy?: boolean;
  readonly skeletonRows?: number;
  readonly minWidth?: number;
  /** Space left and right of each cell: less for a table of many columns that must fit a laptop screen. */
  readonly horizontalSpacing?: number;
}

/** The paged lists' table: sortable headers, skeleton rows while loading and an empty-state row. */
export function DataTable<T, S extends string>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  sort,
  onSort,
  busy = false,
  skeletonRows = 5,
  minWidth = 760,
  horizontalSpacing,
}: DataTableProps<T, S>) {
  const loading = rows === undefined;
  return (
    // Narrower than its table, the region scrolls sideways: it takes the focus for the arrow keys.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table
        aria-label={label}
        aria-busy={loading || busy}
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={horizontalSpacing ?? 'xs'}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortKey !== undefined && onSort ? (
                <SortHeader
                  key={column.key}
                  label={column.header}
                  width={column.width}
                  order={sort?.orderBy === column.sortKey ? sort.order : undefined}
                  onSort={() => onSort(column.sortKey as S)}
                />
              ) : (
                <Table.Th key={column.key} w={column.width}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: skeletonRows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
              <Table.Tr key={index} data-testid="skeleton-row">
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Skeleton height={12} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="xl">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.render(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
