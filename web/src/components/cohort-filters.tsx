import { Select } from '@mantine/core';
import {
  CODE_OP_FILTERS,
  COMPLETENESS_FIELDS,
  DIAGNOSES,
  type Diagnosis,
  ELN_INPUT_FIELDS,
  ELN2022_CATEGORIES,
  type Eln2022Category,
  FOLLOW_UP_DUE_MONTHS,
  MISSING_FIELDS,
  type MissingField,
  PENDING_QUERY_STATUSES,
  QUALITY_FILTERS,
  type QualityFilter as QualityFilterValue,
  STAGES,
  type Stage,
} from '@registry/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField, type DayRange } from './date-field.tsx';

/**
 * The filters a cohort shares on the patient list, the outcomes and the datasets
 * (docs/product-rules.md#patient-list): each a select whose first choice, 'all', filters nothing; each
 * change applies at once.
 */

type PendingQueryStatus = (typeof PENDING_QUERY_STATUSES)[number];
type CodeOPFilterValue = (typeof CODE_OP_FILTERS)[number];

const ALL = 'all';

interface FilterProps<V> {
  readonly value: V | undefined;
  readonly onChange: (value: V | undefined) => void;
}

function useAll() {
  const { t } = useTranslation();
  return { value: ALL, label: t('patientList.filters.all') };
}

/** Relapse: yes, no or all. */
export function RelapseFilter({ value, onChange }: FilterProps<'true' | 'false'>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.relapse')}
      data={[
        all,
        { value: 'true', label: t('patientCommon.yes') },
        { value: 'false', label: t('patientCommon.no') },
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(picked === 'true' || picked === 'false' ? picked : undefined)}
      allowDeselect={false}
      w={{ base: '100%', xs: 130 }}
    />
  );
}

interface InstitutionCodeFilterProps extends FilterProps<string> {
  /** Every institution's code and name; undefined while they load. */
  readonly codes: readonly { readonly code: string; readonly name: string }[] | undefined;
}

/** The institution, by its code (admins), searchable by code and name. */
export function InstitutionCodeFilter({ value, onChange, codes }: InstitutionCodeFilterProps) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.institutionCode')}
      data={[all, ...(codes ?? []).map(({ code, name }) => ({ value: code, label: `${code} — ${name}` }))]}
      value={value ?? ALL}
      onChange={(picked) => onChange(picked && picked !== ALL ? picked : undefined)}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('patientList.filters.noInstitutions')}
      w={{ base: '100%', xs: 240 }}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
    />
  );
}

/** The first diagnosis' subtype (admins): every Diagnosis value. */
export function SubtypeFilter({ value, onChange }: FilterProps<Diagnosis>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.subtype')}
      data={[
        all,
        ...DIAGNOSES.map((subtype) => ({ value: subtype, label: t(`patientCommon.diagnoses.${subtype}`) })),
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(DIAGNOSES.find((subtype) => subtype === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 170 }}
    />
  );
}

/** The first diagnosis' stage (admins). */
export function DxFilter({ value, onChange }: FilterProps<Stage>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.dx')}
      data={[all, ...STAGES.map((stage) => ({ value: stage, label: t(`patientCommon.stages.${stage}`) }))]}
      value={value ?? ALL}
      onChange={(picked) => onChange(STAGES.find((stage) => stage === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 150 }}
    />
  );
}

/** An ELN risk (CONTRACT §10, §10b): the 2022 one or the 2024 one, as `label` says. */
export function ElnFilter({
  label,
  value,
  onChange,
  width = 170,
}: FilterProps<Eln2022Category> & { readonly label: string; readonly width?: number }) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={label}
      data={[
        all,
        ...ELN2022_CATEGORIES.map((category) => ({
          value: category,
          label: t(`patientCommon.eln2022.${category}`),
        })),
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(ELN2022_CATEGORIES.find((category) => category === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** Data quality (CONTRACT §13): with an error, with a warning but no error, with neither. */
export function QualityFilter({ value, onChange }: FilterProps<QualityFilterValue>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('dataQuality.filter.label')}
      data={[
        all,
        ...QUALITY_FILTERS.map((choice) => ({ value: choice, label: t(`dataQuality.filter.${choice}`) })),
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(QUALITY_FILTERS.find((choice) => choice === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** A query waiting: open (on the doctor) or answered (on an admin). */
export function PendingQueryFilter({ value, onChange }: FilterProps<PendingQueryStatus>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.query')}
      data={[
        all,
        { value: 'open', label: t('patientList.filters.queryOpen') },
        { value: 'answered', label: t('patientList.filters.queryAnswered') },
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(PENDING_QUERY_STATUSES.find((status) => status === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 230 }}
    />
  );
}

/** A field the patients lack: a key field, or an ELN 2022 input (for the AML patients). */
export function MissingFieldFilter({ value, onChange }: FilterProps<MissingField>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.missing')}
      data={[
        all,
        {
          group: t('patientList.filters.missingKeyFields'),
          items: COMPLETENESS_FIELDS.map((field) => ({
            value: field,
            label: t(`cohortSummary.fields.${field}`),
          })),
        },
        {
          group: t('patientList.filters.missingElnInputs'),
          items: ELN_INPUT_FIELDS.map((field) => ({ value: field, label: t(`coordinator.eln.${field}`) })),
        },
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(MISSING_FIELDS.find((field) => field === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** The windows the follow-up filter offers. */
const FOLLOW_UP_WINDOWS = [3, FOLLOW_UP_DUE_MONTHS, 12] as const;

/** The follow-ups due (CONTRACT §9): the living patients with no news for more than so many months. */
export function FollowUpDueFilter({ value, onChange }: FilterProps<number>) {
  const { t } = useTranslation();
  const all = useAll();
  // A window an address asked for, when it is none of those offered, is offered too.
  const windows = [...new Set([...FOLLOW_UP_WINDOWS, ...(value ? [value] : [])])].sort((a, b) => a - b);
  return (
    <Select
      label={t('patientList.filters.followUpDue')}
      data={[
        all,
        ...windows.map((months) => ({
          value: String(months),
          label: t('patientList.filters.followUpDueMonths', { count: months }),
        })),
      ]}
      value={value ? String(value) : ALL}
      onChange={(picked) => onChange(picked && picked !== ALL ? Number(picked) : undefined)}
      allowDeselect={false}
      w={{ base: '100%', xs: 250 }}
    />
  );
}

/** Whether the patients have a Code OP (admins). */
export function CodeOPFilter({ value, onChange }: FilterProps<CodeOPFilterValue>) {
  const { t } = useTranslation();
  const all = useAll();
  return (
    <Select
      label={t('patientList.filters.codeOP')}
      data={[
        all,
        { value: 'missing', label: t('patientList.filters.codeOPMissing') },
        { value: 'present', label: t('patientList.filters.codeOPPresent') },
      ]}
      value={value ?? ALL}
      onChange={(picked) => onChange(CODE_OP_FILTERS.find((choice) => choice === picked))}
      allowDeselect={false}
      w={{ base: '100%', xs: 160 }}
    />
  );
}

interface DayRangeFilterProps {
  readonly label: string;
  readonly placeholder: string;
  readonly clearLabel: string;
  /** The two ends in force, `yyyy-MM-dd`, or null. */
  readonly value: DayRange;
  /** Both ends chosen, or none (null): a half-chosen range stays in the picker and filters nothing. */
  readonly onChange: (range: readonly [string, string] | null) => void;
}

/**
 * A range of days over one filter or two: the picker holds a half-chosen range, the filter changes once
 * both ends are chosen, or none; a change from elsewhere (clearing every filter) shows at once.
 */
export function DayRangeFilter({ label, placeholder, clearLabel, value, onChange }: DayRangeFilterProps) {
  const [range, setRange] = useState<DayRange>(value);
  const [from, to] = value;
  useEffect(() => setRange([from, to]), [from, to]);
  const change = (next: DayRange) => {
    setRange(next);
    if (next[0] && next[1]) {
      onChange([next[0], next[1]]);
    } else if (!next[0] && !next[1]) {
      onChange(null);
    }
  };
  return (
    <DateRangeField
      label={label}
      placeholder={placeholder}
      value={range}
      onChange={change}
      clearLabel={clearLabel}
      miw={{ base: '100%', xs: 250 }}
    />
  );
}
