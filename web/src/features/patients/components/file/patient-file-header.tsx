import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconArrowLeft, IconCalendarCheck, IconHeartbeat, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { CodeOPForm } from './code-op-form.tsx';
import { lastKnownAlive } from './last-known-alive.ts';
import print from './patient-print.module.css';

interface PatientFileHeaderProps {
  readonly patient: Patient;
  /** The admin-only Code OP input. */
  readonly withCodeOP: boolean;
  /** Opens the death modal; absent for those who do not record deaths. */
  readonly onRecordDeath?: () => void;
  /** Opens the follow-up modal; absent for those who do not record follow-up. */
  readonly onRecordFollowUp?: () => void;
}

/**
 * Under the identification: 'Deceased' with the date of death when one is recorded, and the Code OP
 * for those who see it (shared/src/patient-policy.ts, seesAdminFields) when the patient has one.
 */
function PatientBadges({ patient, withCodeOP }: Pick<PatientFileHeaderProps, 'patient' | 'withCodeOP'>) {
  const { t } = useTranslation();
  const codeOP = withCodeOP ? patient.codeOP : null;
  if (!patient.deathDate && codeOP == null) {
    return null;
  }
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      {patient.deathDate && (
        <Badge color="dark" variant="filled" radius="sm" size="lg" tt="none" data-testid="deceased-badge">
          {t('patientFile.deceased', {
            date: formatIsoDate(patient.deathDate),
            context: patient.demography?.gender === 'female' ? 'female' : undefined,
          })}
        </Badge>
      )}
      {codeOP != null && (
        <Badge color="brand" variant="light" radius="sm" size="lg" tt="none" data-testid="code-op-badge">
          {t('patientFile.codeOP', { code: t('patientCommon.codeOP', { code: codeOP }) })}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The file's header (docs/product-rules.md#screens): the identification, the deceased and Code OP
 * badges, the last day the patient was known alive (docs/product-rules.md#outcomes), the admin's code OP
 * input, the doctor's 'record follow-up' and 'death' buttons while no death is recorded, and 'print'.
 */
export function PatientFileHeader({
  patient,
  withCodeOP,
  onRecordDeath,
  onRecordFollowUp,
}: PatientFileHeaderProps) {
  const { t } = useTranslation();
  const known = lastKnownAlive(patient);
  const alive = !patient.deathDate;
  return (
    <Stack gap="xs" mb="lg">
      <Anchor component={Link} to="/patients" size="sm" w="fit-content" className={print.screenOnly}>
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('patientFile.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('patientFile.title')}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {patient.identification}
          </Title>
          <PatientBadges patient={patient} withCodeOP={withCodeOP} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {patient.institution.name} · {patient.doctor.first_name} {patient.doctor.last_name}
          </Text>
          <Text size="sm" mt={4} data-testid="last-known-alive">
            <Text span fw={600}>
              {t('patientFile.followUp.lastKnownAlive')}:
            </Text>{' '}
            {known ? formatIsoDate(known) : t('patientFile.followUp.notRecorded')}
          </Text>
        </div>
        {withCodeOP && (
          <div className={print.screenOnly}>
            <CodeOPForm patient={patient} />
          </div>
        )}
        <Group gap="sm" wrap="wrap" className={print.screenOnly}>
          {alive && onRecordFollowUp && (
            <Button
              variant="filled"
              leftSection={<IconCalendarCheck size={16} aria-hidden />}
              onClick={onRecordFollowUp}
            >
              {t('patientFile.followUp.record')}
            </Button>
          )}
          {alive && onRecordDeath && (
            <Button
              variant="outline"
              color="dark"
              leftSection={<IconHeartbeat size={16} aria-hidden />}
              onClick={onRecordDeath}
            >
              {t('patientFile.death.record')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            {t('patientFile.print.action')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
