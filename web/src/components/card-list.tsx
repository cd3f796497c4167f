import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

interface CardListProps<T> {
  /** The list's accessible name. */
  readonly label: string;
  /** undefined while the first page loads: placeholder cards show instead. */
  readonly rows: readonly T[] | undefined;
  readonly emptyText: string;
  /** A later page is loading: the cards shown fade until it comes. */
  readonly busy: boolean;
  readonly keyOf: (row: T) => string;
  /** One `Card` per row. */
  readonly children: (row: T) => ReactNode;
}

/**
 * A list as cards on a phone (docs/product-rules.md#screens): placeholder cards while the first page
 * loads, the empty text in a card of its own, then one card per row, nothing wider than the screen.
 */
export function CardList<T>({ label, rows, emptyText, busy, keyOf, children }: CardListProps<T>) {
  if (rows === undefined) {
    return (
      <Stack gap="sm" aria-busy aria-label={label} role="list">
        {[0, 1, 2].map((index) => (
          <Paper key={index} withBorder radius="md" p="sm" role="listitem" data-testid="skeleton-card">
            <Skeleton height={14} width="60%" radius="sm" />
            <Skeleton height={10} width="40%" radius="sm" mt={8} />
            <Skeleton height={10} width="80%" radius="sm" mt={8} />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      aria-label={label}
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {rows.map((row) => (
        <Fragment key={keyOf(row)}>{children(row)}</Fragment>
      ))}
    </Stack>
  );
}

interface CardProps {
  /** The card's title, in bold: the row's name. */
  readonly title: ReactNode;
  /** A line in grey under the title. */
  readonly subtitle: ReactNode;
  /** At the top right: a status badge or the link to the record. */
  readonly aside: ReactNode;
  /** The labelled lines (`CardLine`), badges and actions under the title. */
  readonly children: ReactNode;
}

/** One card of a `CardList`: a title with its subtitle and, beside them, a badge or a link. */
export function Card({ title, subtitle, aside, children }: CardProps) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {subtitle}
          </Text>
        </Stack>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/** A labelled line of a card. */
export function CardLine({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}
