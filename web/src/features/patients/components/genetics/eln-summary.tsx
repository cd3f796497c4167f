import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { Eln2022, Eln2022Category, Risk } from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ELN_COLORS, riskDisagrees } from './eln-risk.ts';
import { useMarkerLabels } from './marker-labels.ts';

/** An ELN 2022 category as a badge: the dot carries the colour. */
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
  readonly eln: Eln2022;
  /** The title beside the badge. */
  readonly title: string;
  /** The doctor's own risks: a note for each that disagrees with the category. */
  readonly risks?: readonly JudgedRisk[];
  /** False when no genetics are entered: an insufficient category says so instead of every marker. */
  readonly entered?: boolean;
}

/**
 * The ELN 2022 genetic risk (CONTRACT §10): its category, the positive markers that decided it, the
 * untested markers that would decide an insufficient one, and where the doctor's own risk disagrees.
 */
export function ElnSummary({ eln, title, risks = [], entered = true }: ElnSummaryProps) {
  const { t } = useTranslation();
  const labels = useMarkerLabels();
  const { category, reasons, missing } = eln;
  const disagreeing = risks.filter((risk) => riskDisagrees(risk.value, category));
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <ElnBadge category={category} />
      </Group>
      {reasons.length > 0 && (
        <Text size="sm">
          {category === 'not_applicable'
            ? t('geneticRisk.apl', { markers: labels.list(reasons) })
            : t('geneticRisk.reasons', { markers: labels.list(reasons) })}
        </Text>
      )}
      {reasons.length === 0 && category === 'intermediate' && (
        <Text size="sm">{t('geneticRisk.noLesion')}</Text>
      )}
      {category === 'insufficient' &&
        (entered ? (
          <Text size="sm">{t('geneticRisk.missing', { markers: labels.list(missing) })}</Text>
        ) : (
          <Text size="sm">{t('geneticRisk.noGenetics')}</Text>
        ))}
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
