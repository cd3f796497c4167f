import { Alert, Stack, Text } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePatientQueries } from '../api/get-queries.ts';
import { placeOf } from './field-place.ts';
import { FindingList } from './finding-item.tsx';
import { findingsOf } from './patient-quality.tsx';
import { QueryThread } from './query-thread.tsx';

/**
 * The form control of a field of the patient document on the wizard step on screen, found by the names
 * the step's inputs carry: the path itself (`treatments.0.startDate`), then the field's own name.
 */
function controlOf(path: string): HTMLElement | null {
  const place = placeOf(path);
  const withoutRecord = path.split('.').slice(2).join('.');
  for (const name of [path, withoutRecord, place.name]) {
    if (name) {
      const found = document.querySelector<HTMLElement>(`main [name="${CSS.escape(name)}"]`);
      if (found) {
        return found;
      }
    }
  }
  return null;
}

/** Brings a field into view and gives it the focus (a hidden input's visible twin when it has one). */
export function goToField(path: string): void {
  const control = controlOf(path);
  if (!control) {
    return;
  }
  const target =
    control.getAttribute('type') === 'hidden'
      ? (control.parentElement?.querySelector<HTMLElement>('input:not([type="hidden"]), button') ?? control)
      : control;
  target.scrollIntoView({ block: 'center' });
  target.focus();
}

interface StepQualityProps {
  readonly patient: Patient;
  readonly step: string;
}

/**
 * Above a wizard step's form: the rules that fire on its fields and the queries still waiting on them, each
 * with a way to the field. A link that names a field (`?field=`) brings it into view once the step is drawn.
 */
export function StepQuality({ patient, step }: StepQualityProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const queries = usePatientQueries(patient.id);
  const findings = findingsOf(patient).filter((finding) => finding.step === step);
  const waiting = (queries.data?.data ?? []).filter(
    (query) => query.status !== 'closed' && query.field && placeOf(query.field).step === step,
  );
  const asked = params.get('field');

  useEffect(() => {
    if (asked) {
      // After the step's form has drawn its fields.
      const timer = setTimeout(() => goToField(asked), 50);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [asked]);

  if (findings.length === 0 && waiting.length === 0) {
    return null;
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="lg"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('dataQuality.stepFindingsTitle')}
      data-testid="step-quality"
    >
      <Stack gap="sm">
        {findings.length > 0 && (
          <FindingList
            patientId={patient.id}
            findings={findings}
            label={t('dataQuality.stepFindingsLabel')}
            onGoToField={goToField}
          />
        )}
        {waiting.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('queries.title')}
            </Text>
            {waiting.map((query) => (
              <QueryThread key={query.id} query={query} isAdmin={user.isAdmin} onReload={queries.refetch} />
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
