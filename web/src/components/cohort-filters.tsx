import { Select } from '@mantine/core';
import { DIAGNOSES, type Diagnosis, STAGES, type Stage } from '@registry/shared';
import { useTranslation } from 'react-i18next';

/**
 * The filters a cohort shares on the patient list and on the outcomes (docs/product-rules.md#patient-list):
 * each a select whose first choice, 'all', filters nothing; each change applies at once.
 */

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
