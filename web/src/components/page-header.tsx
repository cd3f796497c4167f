import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  readonly title: string;
  readonly children?: ReactNode;
}

/** The title of a screen, with its actions on the right. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
