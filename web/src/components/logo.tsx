import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  readonly size?: number;
  readonly inverted?: boolean;
}

/** The registry's mark and name. */
export function Logo({ size = 36, inverted = false }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <img src="/logo.svg" alt="" width={size} height={size} style={{ display: 'block' }} />
      <Text fw={700} size="lg" c={inverted ? 'white' : 'dark.8'} lh={1.1}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
