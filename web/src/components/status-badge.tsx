import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StatusBadgeProps {
  readonly active: boolean;
}

/**
 * Active (green) or inactive (red). The dot carries the colour and the text stays dark, because
 * Mantine's green and red are too light for small text on white (WCAG AA).
 */
export function StatusBadge({ active }: StatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={active ? 'green.7' : 'red.7'} size="md" tt="none" miw="max-content">
      {active ? t('common.active') : t('common.inactive')}
    </Badge>
  );
}
