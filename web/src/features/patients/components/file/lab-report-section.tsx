import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  canonicalLabReportName,
  fixedLabReportNames,
  type LabReport,
  type PolicyUser,
  type Risk,
  seesLabReport,
} from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { FieldGrid } from './field-grid.tsx';
import { FileLink } from './file-link.tsx';
import { useValueLabels } from './use-value-labels.ts';

/**
 * The entries the user sees: the fixed ones in the wizard's order (NGS OP last), then custom ones by name.
 */
function inFormOrder(user: Pick<PolicyUser, 'isAdmin'>, reports: readonly LabReport[]): LabReport[] {
  const fixed = fixedLabReportNames(user);
  const rank = (report: LabReport) => {
    const at = fixed.indexOf(canonicalLabReportName(report.name));
    return at < 0 ? fixed.length : at;
  };
  return reports
    .filter((report) => seesLabReport(user, report.name))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

interface LabReportSectionProps {
  readonly riskLevel: Risk | null;
  readonly reports: readonly LabReport[];
  /** Who reads the file: the NGS OP entry is the admins' (docs/product-rules.md#roles). */
  readonly user: Pick<PolicyUser, 'isAdmin'>;
}

/** 05 lab report: the patient's risk level and each report entry, else 'noInformation'. */
export function LabReportSection({ riskLevel, reports, user }: LabReportSectionProps) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  if (!riskLevel && reports.length === 0) {
    return <Text c="dimmed">{t('patientFile.empty.noInformation')}</Text>;
  }
  return (
    <Stack gap="md">
      <FieldGrid fields={[{ label: t('patientFile.fields.labRiskLevel'), value: labels.risk(riskLevel) }]} />
      {inFormOrder(user, reports).map((report) => (
        <Paper key={report.id} withBorder radius="md" p="md">
          <Group justify="space-between" align="baseline" gap="xs" mb={report.content ? 'xs' : 0}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {labels.reportName(report.name)}
            </Title>
            {report.date && (
              <Text size="sm" c="dimmed">
                {t('patientFile.fields.reportDate')}: {formatIsoDate(report.date)}
              </Text>
            )}
          </Group>
          {report.content && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.content}
            </Text>
          )}
          {report.file && (
            <Group mt="xs" gap={6}>
              <Text size="sm" c="dimmed">
                {t('patientFile.fields.file')}:
              </Text>
              <FileLink file={report.file} />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
