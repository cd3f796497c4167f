import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** The heading's id, which names the section. */
  readonly id: string;
  readonly title: string;
  readonly description?: ReactNode;
  /** Beside the heading: a status, or the button that opens the section's form. */
  readonly aside?: ReactNode;
  readonly children?: ReactNode;
}

/** One section of Settings: a heading, a line of explanation, and what it holds. */
export function SettingsSection({ id, title, description, aside, children }: SettingsSectionProps) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Title order={3} size="h5" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2} component="div">
              {description}
            </Text>
          )}
        </Box>
        {aside}
      </Group>
      {children && <Box mt="md">{children}</Box>}
    </Box>
  );
}
