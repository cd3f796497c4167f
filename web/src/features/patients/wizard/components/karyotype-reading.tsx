import { Text } from '@mantine/core';
import type { KaryotypeReading as Reading } from '@registry/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMarkerLabels } from '../../components/genetics/marker-labels.ts';

/**
 * What the registry reads from the karyotype text as it is typed (the shared reader, the same the server
 * keeps): the count of abnormalities, complex and monosomal, the findings named; or that it could not
 * read it, which still saves. Announced politely as it changes.
 */
export function KaryotypeReading({ id, reading }: { readonly id: string; readonly reading: Reading | null }) {
  const { t } = useTranslation();
  const labels = useMarkerLabels();
  let body: React.ReactNode;
  if (!reading) {
    body = (
      <Text size="sm" c="dimmed">
        {t('geneticsPanel.reading.empty')}
      </Text>
    );
  } else if (!reading.parsed) {
    body = (
      <>
        <Text size="sm" c="orange.9" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
          <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
          {t('geneticsPanel.reading.unreadable')}
        </Text>
        {reading.detail && (
          <Text size="xs" c="dimmed" lang="en" style={{ overflowWrap: 'anywhere' }}>
            {reading.detail}
          </Text>
        )}
      </>
    );
  } else {
    const found = Object.entries(reading.findings)
      .filter(([code, shown]) => shown && code !== 'complex' && code !== 'monosomal')
      .map(([code]) => code as keyof typeof reading.findings);
    const yesNo = (value: boolean | null | undefined) =>
      value ? t('patientCommon.yes') : t('patientCommon.no');
    const traits = t('geneticsPanel.reading.traits', {
      abnormalities: t('geneticRisk.abnormalities', { count: reading.abnormalities }),
      complex: yesNo(reading.findings.complex),
      monosomal: yesNo(reading.findings.monosomal),
    });
    body = (
      <>
        <Text size="sm" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
          <IconCircleCheck
            size={18}
            aria-hidden
            style={{ flex: 'none', color: 'var(--mantine-color-green-7)' }}
          />
          {traits}
        </Text>
        <Text size="sm">
          {found.length > 0
            ? t('geneticsPanel.reading.findings', { markers: labels.list(found) })
            : t('geneticsPanel.reading.noFindings')}
        </Text>
      </>
    );
  }
  return (
    <div id={id} role="status" aria-live="polite" aria-label={t('geneticsPanel.reading.label')}>
      {body}
    </div>
  );
}
