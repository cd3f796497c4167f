import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PlainListProps {
  /** The list's name for a screen reader. */
  readonly label?: string;
  /** An `ol`, where the order of the items means something (a thread's steps). */
  readonly ordered?: boolean;
  readonly gap?: StackProps['gap'];
  readonly children: ReactNode;
}

/** A list drawn without bullets or indent, its items (`li`) stacked. */
export function PlainList({ label, ordered = false, gap = 'xs', children }: PlainListProps) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      gap={gap}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
