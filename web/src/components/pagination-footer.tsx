import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedNumberOf } from '../lib/numbers.ts';
import { NumberField } from './number-field.tsx';

interface PaginationFooterProps {
  /** 0-based page index. */
  readonly page: number;
  readonly totalPages: number;
  readonly totalItems: number;
  readonly onChange: (page: number) => void;
  /** True while the next page loads: both buttons wait. */
  readonly loading?: boolean;
  /** The rows per page and the sizes offered: with them the footer lets the user choose. */
  readonly pageSize?: { readonly value: number; readonly options: readonly number[] };
  readonly onPageSizeChange?: (size: number) => void;
  /** Offers a field to type a page number and go there. */
  readonly jump?: boolean;
}

/**
 * 'Go to page': a page number (1-based) typed and sent; out-of-range numbers are brought within. It is
 * typed by the rule of every number field, so `2,5` is refused with a message rather than read as 25.
 */
function PageJump({
  pages,
  onChange,
  disabled,
}: {
  readonly pages: number;
  readonly onChange: (page: number) => void;
  readonly disabled: boolean;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedNumberOf(value);
    if (typeof typed !== 'number' || !Number.isInteger(typed)) {
      setInvalid(true);
      return;
    }
    onChange(Math.min(Math.max(typed, 1), pages) - 1);
    setValue('');
  };
  return (
    <Group component="form" gap={6} onSubmit={submit} wrap="nowrap" align="flex-end">
      <NumberField
        label={t('table.goToPage')}
        size="xs"
        w={112}
        allowNegative={false}
        value={value}
        error={invalid ? t('table.pageNumberError') : undefined}
        onChange={(next) => {
          setValue(next);
          setInvalid(false);
        }}
      />
      <Button type="submit" variant="default" size="xs" disabled={disabled || value === ''}>
        {t('table.go')}
      </Button>
    </Group>
  );
}

/**
 * Previous / 'Page n of m' / Next, and 'Showing x results' (docs/product-rules.md#screens); the ends are
 * disabled. Optionally the rows per page and a page number to go to.
 */
export function PaginationFooter({
  page,
  totalPages,
  totalItems,
  onChange,
  loading = false,
  pageSize,
  onPageSizeChange,
  jump = false,
}: PaginationFooterProps) {
  const { t } = useTranslation();
  const pages = Math.max(totalPages, 1);
  return (
    <Group justify="space-between" mt="md" gap="sm" align="flex-end">
      <Group gap="sm" align="flex-end">
        <Text size="sm" c="dimmed">
          {t('table.showing', { count: totalItems })}
        </Text>
        {pageSize && onPageSizeChange && (
          <Select
            label={t('table.pageSize')}
            size="xs"
            w={88}
            data={pageSize.options.map((size) => String(size))}
            value={String(pageSize.value)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
            allowDeselect={false}
            disabled={loading}
          />
        )}
      </Group>
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
        {jump && pages > 1 && <PageJump pages={pages} onChange={onChange} disabled={loading} />}
      </Group>
    </Group>
  );
}
