import { Code } from '@mantine/core';
import type { Genetics } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { FieldGrid } from '../file/field-grid.tsx';
import { useMarkerLabels } from './marker-labels.ts';

/**
 * A diagnostic's genetics on the patient file: the karyotype as the laboratory wrote it, its result, what
 * the registry read from it (what it shows, what it leaves unknown, what it left unread, or why it could
 * not read it), and the markers found positive and negative (the rest were not tested).
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
      // The server words why, in the user's language, quoting the text as typed.
      return [t('geneticRisk.unreadable'), derived.message].filter(Boolean).join(': ');
    }
    const having = (value: boolean | null) =>
      Object.entries(derived.findings)
        .filter(([, found]) => found === value)
        .map(([code]) => code as keyof typeof derived.findings);
    const shown = having(true);
    const unknown = having(null);
    return [
      t('geneticRisk.abnormalities', { count: derived.abnormalities }),
      shown.length > 0 ? labels.list(shown) : null,
      unknown.length > 0 ? t('geneticRisk.unknownFindings', { markers: labels.list(unknown) }) : null,
      derived.unread.length > 0 ? t('geneticRisk.unreadParts', { parts: derived.unread.join('; ') }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
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
