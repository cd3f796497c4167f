import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import { type Eln, type Eln2022Category, type Risk, TP53_MIN_VAF } from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ELN_COLORS, riskDisagrees } from './eln-risk.ts';

/** An ELN category as a badge: the dot carries the colour. */
export function ElnBadge({ category }: { readonly category: Eln2022Category }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={ELN_COLORS[category]} size="md" tt="none" miw="max-content">
      {t(`patientCommon.eln2022.${category}`)}
    </Badge>
  );
}

/** A risk the doctor judged, named, to set beside the ELN 2022 category. */
export interface JudgedRisk {
  readonly label: string;
  readonly value: Risk | null;
}

interface ElnSummaryProps {
  readonly eln: Eln;
  /** The title beside the badge. */
  readonly title: string;
  /** The doctor's own risks: a note for each that disagrees with the category. */
  readonly risks?: readonly JudgedRisk[];
  /** ELN 2024: the TP53 threshold the registry applies, said beside the category (CONTRACT §10b). */
  readonly tp53Threshold?: boolean;
  /** ELN 2024 for a secondary AML: a prior hypomethylating agent, which the table excludes, is unknown. */
  readonly priorHmaUnknown?: boolean;
}

/**
 * An ELN genetic risk (CONTRACT §10, §10b): its category, the sentence that gives its reasons or, for an
 * insufficient one, where the known markers point and what is still to test (in the caller's language,
 * from the server or the shared rules), each reason on its own line, and where the doctor's own risk
 * disagrees.
 */
export function ElnSummary({
  eln,
  title,
  risks = [],
  tp53Threshold = false,
  priorHmaUnknown = false,
}: ElnSummaryProps) {
  const { t } = useTranslation();
  const { category, reasons, summary } = eln;
  const disagreeing = risks.filter((risk) => riskDisagrees(risk.value, category));
  const classified = category !== 'not_applicable';
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <ElnBadge category={category} />
      </Group>
      <Text size="sm">{summary}</Text>
      {classified && reasons.length > 1 && (
        <List size="sm" spacing={2} aria-label={t('geneticRisk.reasonsLabel')}>
          {reasons.map((reason) => (
            <List.Item key={reason.code} c={reason.result === 'positive' ? undefined : 'dimmed'}>
              {reason.text}
            </List.Item>
          ))}
        </List>
      )}
      {tp53Threshold && classified && (
        <Text size="xs" c="dimmed">
          {t('geneticRisk.tp53Threshold', { vaf: TP53_MIN_VAF })}
        </Text>
      )}
      {priorHmaUnknown && classified && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
          <Text size="sm">{t('geneticRisk.priorHma')}</Text>
        </Alert>
      )}
      {disagreeing.map((risk) => (
        <Alert
          key={risk.label}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          p="xs"
        >
          <Text size="sm">
            {t('geneticRisk.disagrees', {
              risk: risk.label,
              value: t(`patientCommon.risks.${risk.value ?? 'N/A'}`),
              category: t(`patientCommon.eln2022.${category}`),
            })}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
