import type { Patient } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { FieldGrid } from './field-grid.tsx';
import { useValueLabels } from './use-value-labels.ts';

interface DemographySectionProps {
  readonly patient: Patient;
  /** A biobank patient's birth date is not shown (docs/product-rules.md#biobanks). */
  readonly biobank: boolean;
}

/** 01 demography. */
export function DemographySection({ patient, biobank }: DemographySectionProps) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const demography = patient.demography;
  return (
    <FieldGrid
      fields={[
        !biobank && {
          label: t('patientFile.fields.birthDate'),
          value: demography?.birthDate ? formatIsoDate(demography.birthDate) : null,
        },
        {
          // The age is counted to the first diagnosis when it has a date, else to today (CONTRACT §4).
          label: patient.diagnostics[0]?.dxDate
            ? t('patientFile.fields.ageAtDiagnosis')
            : t('patientFile.fields.age'),
          value: demography?.age == null ? null : t('patientFile.fields.ageValue', { count: demography.age }),
        },
        { label: t('patientFile.fields.gender'), value: demography ? labels.sex(demography.gender) : null },
        { label: t('patientFile.fields.ecog'), value: demography?.ecog?.toString() },
        { label: t('patientFile.institution'), value: patient.institution.name },
        {
          label: t('patientFile.doctor'),
          value: `${patient.doctor.first_name} ${patient.doctor.last_name}`,
        },
        { label: t('patientFile.fields.app'), value: demography?.app, wide: true },
      ]}
    />
  );
}
