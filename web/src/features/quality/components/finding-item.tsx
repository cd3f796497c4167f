import { Anchor, Badge, Group, Stack, type StackProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainList } from '../../../components/plain-list.tsx';
import type { QualityFinding } from '../api/schemas.ts';
import { useFieldLabel } from './use-field-label.ts';

/** Filled badges dark or light enough for their text (autoContrast) to pass WCAG AA. */
const SEVERITY_COLORS = { error: 'red.9', warning: 'yellow.4' } as const;

/** A rule's severity as a badge: error or warning. */
export function SeverityBadge({ severity }: { readonly severity: QualityFinding['severity'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={SEVERITY_COLORS[severity]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
      {t(`dataQuality.severity.${severity}`)}
    </Badge>
  );
}

interface FindingItemProps {
  readonly patientId: string;
  readonly finding: QualityFinding;
  /** On the wizard step itself: a way to the field instead of a link to the step. */
  readonly onGoToField?: (path: string) => void;
}

/**
 * One rule that fires for a patient: its severity, its message (in the user's language, from the server)
 * and the field it concerns, with a link to the wizard step where it is corrected.
 */
export function FindingItem({ patientId, finding, onGoToField }: FindingItemProps) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const first = finding.fields[0];
  const field = fieldLabel(first);
  const fixHere = onGoToField && first;
  let where: React.ReactNode;
  if (fixHere) {
    where = (
      <Anchor component="button" type="button" size="sm" onClick={() => onGoToField(first)}>
        {t('dataQuality.goToField', { field })}
      </Anchor>
    );
  } else if (finding.step === 'patient') {
    where = (
      <Text size="sm" c="dimmed">
        {t('dataQuality.fixInFile', { field })}
      </Text>
    );
  } else {
    where = (
      <Anchor
        component={Link}
        to={`/edit-patient/${patientId}/${finding.step}${first ? `?field=${encodeURIComponent(first)}` : ''}`}
        size="sm"
      >
        {t('dataQuality.fixInStep', { step: t(`wizard.steps.${finding.step}`), field })}
      </Anchor>
    );
  }
  return (
    <Stack component="li" gap={2} data-testid="quality-finding">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <SeverityBadge severity={finding.severity} />
        <Text size="sm">{finding.message}</Text>
      </Group>
      {where}
    </Stack>
  );
}

interface FindingListProps extends Omit<FindingItemProps, 'finding'> {
  readonly findings: readonly QualityFinding[];
  readonly label: string;
  readonly gap?: StackProps['gap'];
}

/** The rules that fire for a patient, each with the way to its correction. */
export function FindingList({ patientId, findings, label, gap, onGoToField }: FindingListProps) {
  return (
    <PlainList label={label} gap={gap}>
      {findings.map((finding) => (
        <FindingItem
          key={`${finding.rule}-${finding.fields.join()}`}
          patientId={patientId}
          finding={finding}
          onGoToField={onGoToField}
        />
      ))}
    </PlainList>
  );
}
