import { Code } from '@mantine/core';
import type { Genetics } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { FieldGrid } from '../file/field-grid.tsx';
import { useMarkerLabels } from './marker-labels.ts';

/**
 * A diagnostic's genetics on the patient file: the karyotype as the laboratory wrote it, its result, what
 * the registry read from it, and the markers found positive and negative (the rest were not tested).
 */
export function GeneticsView({ genetics }: { readonly genetics: Genetics }) {
  const { t } = useTranslation();
  const labels = useMarkerLabels();
  const { derived } = genetics;
  const positive = genetics.markers.filter((marker) => marker.result === 'positive');
  const negative = genetics.markers.filter((marker) => marker.result === 'negative');
  const reading = () => {
    if (!genetics.karyotype) {
      return null;
    }
    if (!derived.parsed) {
      return t('geneticRisk.unreadable');
    }
    const shown = Object.entries(derived.findings)
      .filter(([, found]) => found)
      .map(([code]) => code as keyof typeof derived.findings);
    const count = t('geneticRisk.abnormalities', { count: derived.abnormalities });
    return shown.length > 0 ? `${count} · ${labels.list(shown)}` : count;
  };
  return (
    <FieldGrid
      fields={[
        {
          label: t('geneticRisk.karyotype'),
          value: genetics.karyotype && (
            <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{genetics.karyotype}</Code>
          ),
          wide: true,
        },
        {
          label: t('geneticRisk.karyotypeResult'),
          value: genetics.karyotypeResult && t(`geneticRisk.karyotypeResults.${genetics.karyotypeResult}`),
        },
        { label: t('geneticRisk.reading'), value: reading() },
        {
          label: t('geneticRisk.positive'),
          value: positive.map(labels.entry).join(', '),
          wide: true,
        },
        {
          label: t('geneticRisk.negative'),
          value: negative.map(labels.entry).join(', '),
          wide: true,
        },
      ]}
    />
  );
}
