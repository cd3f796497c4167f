import { Text } from '@mantine/core';
import type { Sample } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { FieldGrid } from './field-grid.tsx';
import { FileLink } from './file-link.tsx';

interface SamplesSectionProps {
  readonly samples: readonly Sample[];
}

/** 02 pre-treatment samples: the first sample, else 'noSamples'. */
export function SamplesSection({ samples }: SamplesSectionProps) {
  const { t } = useTranslation();
  const sample = samples[0];
  if (!sample) {
    return <Text c="dimmed">{t('patientFile.empty.noSamples')}</Text>;
  }
  return (
    <FieldGrid
      fields={[
        { label: t('patientFile.fields.sampleDate'), value: formatIsoDate(sample.sampleDate) },
        { label: t('patientFile.fields.sampleType'), value: sample.sampleType },
        { label: t('patientFile.fields.file'), value: <FileLink file={sample.file} /> },
      ]}
    />
  );
}
