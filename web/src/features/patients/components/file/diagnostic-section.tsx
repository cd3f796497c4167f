import { Text } from '@mantine/core';
import type { Diagnostic } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { displayDay } from '../../../../lib/date-strings.ts';
import { FieldGrid } from './field-grid.tsx';
import { useValueLabels } from './use-value-labels.ts';

interface DiagnosticSectionProps {
  readonly diagnostics: readonly Diagnostic[];
  /** In a biobank consent reads 'BioBanco' and carries no date (docs/product-rules.md#biobanks). */
  readonly biobank: boolean;
}

const date = (value: string | null) => (value ? displayDay(value) : null);

/** 03 diagnostic: the first diagnostic, else 'noDiagnostics'. Relapse and consent dates only when set. */
export function DiagnosticSection({ diagnostics, biobank }: DiagnosticSectionProps) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const dx = diagnostics[0];
  if (!dx) {
    return <Text c="dimmed">{t('patientFile.empty.noDiagnostics')}</Text>;
  }
  const consent = biobank ? t('patientCommon.biobank') : labels.yesNo(dx.consent);
  return (
    <FieldGrid
      fields={[
        { label: t('patientFile.fields.dxDate'), value: date(dx.dxDate) },
        { label: t('patientFile.fields.dxSubType'), value: labels.subtype(dx.dxSubType) },
        { label: t('patientFile.fields.dxSecondary'), value: labels.stage(dx.dxSecondary) },
        { label: t('patientFile.fields.patientFit'), value: dx.patientFit },
        { label: t('patientFile.fields.riskLevel'), value: labels.risk(dx.riskLevel) },
        { label: t('patientFile.fields.relapse'), value: labels.yesNo(dx.relapse) },
        dx.relapse && { label: t('patientFile.fields.relapseDate'), value: date(dx.relapseDate) },
        { label: t('patientFile.fields.consent'), value: consent },
        !biobank && dx.consent && { label: t('patientFile.fields.consentDate'), value: date(dx.consentDate) },
        { label: t('patientFile.fields.organsFailures'), value: dx.organsFailures, wide: true },
        dx.dxSecondary === 'Secundario' && {
          label: t('patientFile.fields.dxSecondaryDescription'),
          value: dx.dxSecondaryDescription,
          wide: true,
        },
      ]}
    />
  );
}
