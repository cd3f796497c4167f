import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type DatasetFilters, relapseRangeOf, relapseRangeText } from '@registry/shared';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CodeOPFilter,
  DayRangeFilter,
  DxFilter,
  ElnFilter,
  FollowUpDueFilter,
  InstitutionCodeFilter,
  MissingFieldFilter,
  PendingQueryFilter,
  QualityFilter,
  RelapseFilter,
  SubtypeFilter,
} from '../../../components/cohort-filters.tsx';
import { useInstitutionCodes } from '../../../lib/institution-codes.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-list-controls.ts';
import { usePatientCount } from '../api/count-patients.ts';

interface DatasetFiltersFieldProps {
  readonly value: DatasetFilters;
  readonly onChange: (filters: DatasetFilters) => void;
  /** The server's message about the filters, already translated. */
  readonly error?: string | undefined;
}

/** Only the filters set: an unset one is left out rather than kept as undefined. */
function without(filters: DatasetFilters, change: Partial<DatasetFilters>): DatasetFilters {
  return Object.fromEntries(
    Object.entries({ ...filters, ...change }).filter(([, value]) => value !== undefined && value !== ''),
  ) as DatasetFilters;
}

/** How many patients the filters reach, said as the filters change (after a pause while typing). */
function PatientCount({ filters }: { readonly filters: DatasetFilters }) {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(filters, SEARCH_DEBOUNCE_MS);
  const count = usePatientCount(settled);
  let text: string;
  if (count.data !== undefined) {
    text = t('datasets.form.patientCount', { count: count.data });
  } else if (count.isError) {
    text = t('datasets.form.patientCountFailed');
  } else {
    text = t('datasets.form.patientCounting');
  }
  return (
    <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="patient-count">
      {text}
    </Text>
  );
}

/**
 * The patients of a dataset (CONTRACT §15): the patient list's filters, with the diagnosis dates of the
 * outcomes, built from the same controls (components/cohort-filters.tsx), and how many patients they
 * reach. The doctor filter, which only a link from the quality view sets, is not offered.
 */
export function DatasetFiltersField({ value, onChange, error }: DatasetFiltersFieldProps) {
  const { t } = useTranslation();
  const codes = useInstitutionCodes(true);
  const change = (next: Partial<DatasetFilters>) => onChange(without(value, next));
  const filtered = Object.keys(value).length > 0;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('datasets.form.filters')}>
        <TextInput
          type="search"
          label={t('datasets.form.search')}
          placeholder={t('datasets.form.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={value.text ?? ''}
          onChange={(event) => change({ text: event.currentTarget.value || undefined })}
          w={{ base: '100%', xs: 300 }}
        />
        <DayRangeFilter
          label={t('outcomes.filters.dxDates')}
          placeholder={t('outcomes.filters.dxDatesPlaceholder')}
          clearLabel={t('outcomes.filters.clearDxDates')}
          value={[value.dxFrom ?? null, value.dxTo ?? null]}
          onChange={(range) => change({ dxFrom: range?.[0], dxTo: range?.[1] })}
        />
        <InstitutionCodeFilter
          value={value.institutionCode}
          onChange={(institutionCode) => change({ institutionCode })}
          codes={codes.data}
        />
        <SubtypeFilter value={value.subtype} onChange={(subtype) => change({ subtype })} />
        <DxFilter value={value.dx} onChange={(dx) => change({ dx })} />
        <RelapseFilter value={value.relapse} onChange={(relapse) => change({ relapse })} />
        <DayRangeFilter
          label={t('patientList.filters.relapseDates')}
          placeholder={t('patientList.filters.relapseDatesPlaceholder')}
          clearLabel={t('patientList.filters.clearDates')}
          value={relapseRangeOf(value.obito)}
          onChange={(range) => change({ obito: range ? relapseRangeText(range[0], range[1]) : undefined })}
        />
        <ElnFilter
          label={t('patientList.filters.eln')}
          value={value.eln}
          onChange={(eln) => change({ eln })}
        />
        <ElnFilter
          label={t('patientList.filters.eln2024')}
          value={value.eln2024}
          onChange={(eln2024) => change({ eln2024 })}
          width={220}
        />
        <QualityFilter value={value.quality} onChange={(quality) => change({ quality })} />
        <PendingQueryFilter value={value.query} onChange={(query) => change({ query })} />
        <MissingFieldFilter value={value.missing} onChange={(missing) => change({ missing })} />
        <FollowUpDueFilter value={value.followUpDue} onChange={(followUpDue) => change({ followUpDue })} />
        <CodeOPFilter value={value.codeOP} onChange={(codeOP) => change({ codeOP })} />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => onChange({})}
          >
            {t('patientFiltersClear.all')}
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <PatientCount filters={value} />
    </Stack>
  );
}
