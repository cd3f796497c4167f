import { Anchor, Badge, Code, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { CODEBOOK_TABLES, type CodebookTable, type CodebookVariable } from '@registry/shared';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useCodebook } from '../api/get-codebook.ts';
import { type CodebookFilter, filterVariables } from './codebook-filter.ts';

/** How many codes a variable shows before "show all". */
const VALUES_SHOWN = 6;

/** The rows a page offers: a page of every variable would be long to draw and to read. */
const PAGE_SIZES = [25, 50, 100] as const;

/** A code variable's codes with their labels; a long list shows its first codes until asked for all. */
function ValueList({ variable }: { readonly variable: CodebookVariable }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const values = variable.values;
  if (!values) {
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  const shown = all ? values : values.slice(0, VALUES_SHOWN);
  return (
    <Stack gap={2}>
      {shown.map((value) => (
        <Text key={value.code} size="sm">
          <Code>{value.code}</Code>
          {value.label === value.code ? null : ` ${value.label}`}
        </Text>
      ))}
      {values.length > VALUES_SHOWN && (
        <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)} ta="left">
          {all ? t('codebook.showFewer') : t('codebook.showAll', { count: values.length })}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The codebook (CONTRACT §15, docs/api-codebook.md): every variable of the registry, searched by name,
 * label or code and filtered by table, in the language in use, a page at a time.
 */
export function CodebookScreen() {
  // The hook renders the screen again when the language changes: the codebook is asked for in it.
  const { t } = useTranslation();
  const language = currentLanguage();
  const codebook = useCodebook(language);
  const [filter, setFilterState] = useState<CodebookFilter>({ text: '', table: 'all' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const deferred = useDeferredValue(filter);
  const rows = codebook.data ? filterVariables(codebook.data, deferred) : undefined;
  const totalPages = Math.max(1, Math.ceil((rows?.length ?? 0) / pageSize));
  const shownPage = Math.min(page, totalPages - 1);
  const pageRows = rows?.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  /** A search or a table chosen starts again from the first page. */
  const setFilter = (change: Partial<CodebookFilter>) => {
    setFilterState((current) => ({ ...current, ...change }));
    setPage(0);
  };

  const tables = [
    { value: 'all', label: t('codebook.allTables') },
    ...CODEBOOK_TABLES.map((table) => ({ value: table, label: t(`codebook.tables.${table}`) })),
  ];

  const columns: DataColumn<CodebookVariable>[] = [
    {
      key: 'variable',
      header: t('codebook.columns.variable'),
      width: '22%',
      render: (variable) => (
        <Stack gap={2}>
          <Code fw={600} style={{ alignSelf: 'flex-start' }} data-variable>
            {variable.name}
          </Code>
          <Text size="sm">{variable.label}</Text>
        </Stack>
      ),
    },
    {
      key: 'table',
      header: t('codebook.columns.table'),
      width: '10%',
      render: (variable) => (
        <Stack gap={2}>
          <Text size="sm">{t(`codebook.tables.${variable.table}`)}</Text>
          <Code c="dimmed" style={{ alignSelf: 'flex-start' }}>
            {variable.table}
          </Code>
        </Stack>
      ),
    },
    {
      key: 'type',
      header: t('codebook.columns.type'),
      width: '10%',
      render: (variable) => (
        <Stack gap={2}>
          <Text size="sm">{t(`codebook.types.${variable.type}`)}</Text>
          {variable.unit && (
            <Text size="xs" c="dimmed">
              {t('codebook.unit', { unit: variable.unit })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'values',
      header: t('codebook.columns.values'),
      render: (variable) => <ValueList variable={variable} />,
    },
    {
      key: 'identifying',
      header: t('codebook.columns.identifying'),
      width: '11%',
      render: (variable) =>
        variable.identifying ? (
          <Badge color="red" variant="light">
            {t('codebook.yes')}
          </Badge>
        ) : (
          <Text size="sm">{t('codebook.no')}</Text>
        ),
    },
    {
      key: 'derivation',
      header: t('codebook.columns.derivation'),
      width: '27%',
      render: (variable) =>
        variable.derivation ? (
          <Stack gap={2}>
            <Badge color="blue" variant="light" style={{ alignSelf: 'flex-start' }}>
              {t('codebook.yes')}
            </Badge>
            <Text size="xs">{variable.derivation}</Text>
          </Stack>
        ) : (
          <Text size="sm">{t('codebook.no')}</Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('codebook.title')} />
      <Text size="sm" c="dimmed" mb="md" maw={900}>
        {t('codebook.description')}
      </Text>
      <Group align="flex-end" gap="md" mb="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('codebook.search')}
          placeholder={t('codebook.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter.text}
          onChange={(event) => setFilter({ text: event.currentTarget.value })}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('codebook.table')}
          data={tables}
          value={filter.table}
          allowDeselect={false}
          onChange={(value) => setFilter({ table: (value ?? 'all') as CodebookTable | 'all' })}
          w={{ base: '100%', sm: 240 }}
        />
      </Group>
      {codebook.isError && !codebook.data ? (
        <ListError
          message={t('codebook.loadError')}
          onRetry={() => void codebook.refetch()}
          retrying={codebook.isFetching}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs" role="status">
            {rows && codebook.data
              ? t('codebook.shown', { count: rows.length, total: codebook.data.length })
              : null}
          </Text>
          <Paper withBorder radius="md">
            <DataTable
              label={t('codebook.tableLabel')}
              columns={columns}
              rows={pageRows}
              rowKey={(variable) => `${variable.table}.${variable.name}`}
              emptyText={t('codebook.empty')}
              busy={deferred !== filter}
              minWidth={900}
            />
          </Paper>
          {rows && rows.length > 0 && (
            <PaginationFooter
              page={shownPage}
              totalPages={totalPages}
              totalItems={rows.length}
              onChange={setPage}
              pageSize={{ value: pageSize, options: PAGE_SIZES }}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          )}
        </>
      )}
    </>
  );
}
