import { NavLink, Paper, Text, ThemeIcon } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WIZARD_STEPS, type WizardStep, wizardPath } from '../steps.ts';

interface WizardNavProps {
  readonly step: WizardStep;
  readonly patient: Patient | undefined;
}

/** Whether a step already holds a record of the patient: its number becomes a check. */
function isDone(step: WizardStep, patient: Patient | undefined): boolean {
  if (!patient) {
    return false;
  }
  switch (step) {
    case 'demography':
      return true;
    case 'samples':
      return patient.samples.length > 0;
    case 'diagnostic':
      return patient.diagnostics.length > 0;
    case 'treatments':
      return patient.treatments.length > 0;
    case 'lab-report':
      return patient.reports.length > 0 || patient.riskLevel !== null;
    case 'final':
      return false;
  }
}

interface StepMarkerProps {
  readonly number: number;
  readonly active: boolean;
  readonly done: boolean;
  readonly enabled: boolean;
}

/** A step's number in a circle, or a check once the step holds a record. */
function StepMarker({ number, active, done, enabled }: StepMarkerProps) {
  const check = done && !active;
  let color = enabled ? 'brand' : 'gray';
  if (check) {
    color = 'green';
  }
  return (
    <ThemeIcon size={26} radius="xl" variant={active ? 'filled' : 'light'} color={color} aria-hidden>
      {check ? (
        <IconCheck size={14} />
      ) : (
        <Text size="xs" fw={700}>
          {number}
        </Text>
      )}
    </ThemeIcon>
  );
}

interface StepLinkProps {
  readonly item: WizardStep;
  readonly index: number;
  readonly step: WizardStep;
  readonly patient: Patient | undefined;
}

/** One step of the panel: a link, or a disabled button before the patient exists. */
function StepLink({ item, index, step, patient }: StepLinkProps) {
  const { t } = useTranslation();
  const enabled = Boolean(patient) || item === 'demography';
  const active = item === step;
  const done = isDone(item, patient);
  const marker = <StepMarker number={index + 1} active={active} done={done} enabled={enabled} />;
  const label = t(`wizard.steps.${item}`);
  // A finished step says so to screen readers; its check mark is only drawn.
  const name = done ? `${label} (${t('wizard.stepDone')})` : undefined;
  if (!enabled) {
    return (
      <NavLink
        disabled
        // Mantine only marks it; the native attribute tells keyboards and screen readers too.
        renderRoot={(props) => <button type="button" {...props} disabled />}
        label={label}
        leftSection={marker}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={wizardPath(patient?.id, item)}
      label={label}
      aria-label={name}
      leftSection={marker}
      active={active}
      aria-current={active ? 'step' : undefined}
      fw={active ? 600 : 400}
    />
  );
}

/** The left step panel (docs/product-rules.md#wizard): steps 2 to 6 are disabled until the patient exists. */
export function WizardNav({ step, patient }: WizardNavProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('wizard.stepsLabel')}>
      {WIZARD_STEPS.map((item, index) => (
        <StepLink key={item} item={item} index={index} step={step} patient={patient} />
      ))}
      {!patient && (
        <Text size="xs" c="dimmed" px="sm" py="xs">
          {t('wizard.stepLocked')}
        </Text>
      )}
    </Paper>
  );
}
