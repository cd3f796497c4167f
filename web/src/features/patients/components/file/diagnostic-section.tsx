import { Divider, Stack, Text } from '@mantine/core';
import type { Diagnostic, Eln, Eln2024, Risk } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { geneticsApply } from '../../wizard/forms/genetics-form.ts';
import { ElnSummary } from '../genetics/eln-summary.tsx';
import { GeneticsView } from '../genetics/genetics-view.tsx';
import { FieldGrid } from './field-grid.tsx';
import { useValueLabels } from './use-value-labels.ts';

interface DiagnosticSectionProps {
  readonly diagnostics: readonly Diagnostic[];
  /** In a biobank consent reads 'BioBanco' and carries no date (docs/product-rules.md#biobanks). */
  readonly biobank: boolean;
  /** The patient's ELN 2022 genetic risk, from the first diagnostic. */
  readonly eln: Eln;
  /** The ELN 2024 genetic risk for less-intensive therapy, beside it (CONTRACT §10b). */
  readonly eln2024: Eln2024;
  /** The lab report's risk, the doctor's other judgement set beside the ELN category. */
  readonly labRiskLevel: Risk | null;
}

const date = (value: string | null) => (value ? formatIsoDate(value) : null);

/**
 * 03 diagnostic: the first diagnostic, else 'noDiagnostics'. Relapse and consent dates only when set. For
 * an AML, its genetics, the ELN 2022 genetic risk, with a note where the doctor's risks disagree, and
 * beside it the ELN 2024 risk for less-intensive therapy.
 */
export function DiagnosticSection({
  diagnostics,
  biobank,
  eln,
  eln2024,
  labRiskLevel,
}: DiagnosticSectionProps) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const dx = diagnostics[0];
  if (!dx) {
    return <Text c="dimmed">{t('patientFile.empty.noDiagnostics')}</Text>;
  }
  const consent = biobank ? t('patientCommon.biobank') : labels.yesNo(dx.consent);
  const aml = geneticsApply(dx.dxSubType);
  return (
    <Stack gap="md">
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
          !biobank &&
            dx.consent && { label: t('patientFile.fields.consentDate'), value: date(dx.consentDate) },
          { label: t('patientFile.fields.wbcAtDiagnosis'), value: labels.wbc(dx.wbcAtDiagnosis) },
          {
            label: t('patientFile.fields.marrowBlastsAtDiagnosis'),
            value: labels.percent(dx.marrowBlastsAtDiagnosis),
          },
          { label: t('patientFile.fields.organsFailures'), value: dx.organsFailures, wide: true },
          dx.dxSecondary === 'Secundario' && {
            label: t('patientFile.fields.dxSecondaryDescription'),
            value: dx.dxSecondaryDescription,
            wide: true,
          },
        ]}
      />
      {(aml || dx.genetics) && (
        <>
          <Divider label={t('geneticRisk.section')} labelPosition="left" />
          {aml && (
            <ElnSummary
              eln={eln}
              title={t('geneticRisk.title')}
              risks={[
                { label: t('patientFile.fields.riskLevel'), value: dx.riskLevel },
                { label: t('patientFile.fields.labRiskLevel'), value: labRiskLevel },
              ]}
            />
          )}
          {aml && (
            <ElnSummary
              eln={eln2024}
              title={t('geneticRisk.title2024')}
              tp53Threshold
              priorHmaUnknown={eln2024.priorHmaUnknown}
            />
          )}
          {dx.genetics && <GeneticsView genetics={dx.genetics} />}
        </>
      )}
    </Stack>
  );
}
