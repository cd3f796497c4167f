import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PaginationFooterProps {
  /** 0-based page index. */
  readonly page: number;
  readonly totalPages: number;
  readonly totalItems: number;
  readonly onChange: (page: number) => void;
  /** True while the next page loads: both buttons wait. */
  readonly loading?: boolean;
}

/**
 * Previous / 'Page n of m' / Next, and 'Showing x results' (docs/product-rules.md#screens); the ends are
 * disabled.
 */
export function PaginationFooter({
  page,
  totalPages,
  totalItems,
  onChange,
  loading = false,
}: PaginationFooterProps) {
  const { t } = useTranslation();
  const pages = Math.max(totalPages, 1);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {t('table.showing', { count: totalItems })}
      </Text>
      <Group gap="xs" component="nav" aria-label={t('table.pagination')}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          disabled={page <= 0 || loading}
          onClick={() => onChange(page - 1)}
        >
          {t('table.previous')}
        </Button>
        <Text size="sm" aria-live="polite" miw={96} ta="center">
          {t('table.pageOf', { page: Math.min(page + 1, pages), total: pages })}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          disabled={page + 1 >= pages || loading}
          onClick={() => onChange(page + 1)}
        >
          {t('table.next')}
        </Button>
      </Group>
    </Group>
  );
}
