import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconArrowLeft, IconHeartbeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeOPForm } from './code-op-form.tsx';

interface PatientFileHeaderProps {
  readonly patient: Patient;
  /** The admin-only Code OP input. */
  readonly withCodeOP: boolean;
  /** Opens the death modal; absent for those who do not record deaths. */
  readonly onRecordDeath?: () => void;
}

/**
 * The file's header (docs/product-rules.md#screens): the identification, the admin's code OP input, and
 * the doctor's 'death' button while no death is recorded.
 */
export function PatientFileHeader({ patient, withCodeOP, onRecordDeath }: PatientFileHeaderProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mb="lg">
      <Anchor component={Link} to="/patients" size="sm" w="fit-content">
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
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {patient.institution.name} · {patient.doctor.first_name} {patient.doctor.last_name}
          </Text>
        </div>
        {withCodeOP && <CodeOPForm patient={patient} />}
        {onRecordDeath && !patient.deathDate && (
          <Button
            variant="outline"
            color="dark"
            leftSection={<IconHeartbeat size={16} aria-hidden />}
            onClick={onRecordDeath}
          >
            {t('patientFile.death.record')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
