import { Alert, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconInfoCircle, IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayRecordTreatments } from '../steps.ts';
import type { RecordStepProps } from './step-props.ts';

/** Step 6: the patient is loaded; a link to see the file (docs/product-rules.md#wizard). */
export function FinalStep({ patient, user, onBack }: RecordStepProps) {
  const { t } = useTranslation();
  const allowed = mayRecordTreatments(patient, user);
  return (
    <Stack gap="lg">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Title order={3}>{t('wizard.final.title')}</Title>
        <Text c="dimmed">{t('wizard.final.message', { identification: patient.identification })}</Text>
        <Button
          component={Link}
          to={`/patient/${patient.id}`}
          leftSection={<IconUserSearch size={18} aria-hidden />}
        >
          {t('wizard.final.seePatient')}
        </Button>
      </Stack>
      {!allowed && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('wizard.final.skippedTitle')}
        >
          {t('wizard.final.skipped')}
        </Alert>
      )}
      {onBack && (
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            {t('wizard.actions.back')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
