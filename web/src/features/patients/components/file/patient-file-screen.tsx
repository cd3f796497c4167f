import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api-client.ts';
import { usePatient } from '../../api/get-patient.ts';
import { PatientFile } from './patient-file.tsx';

/** The back link and the screen's title, above a message instead of the file. */
function BackLink() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/patients" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('patientFile.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('patientFile.title')}
      </Title>
    </Stack>
  );
}

interface PatientFileScreenProps {
  readonly patientId: string | undefined;
}

/**
 * /patient/{id}: the file while it loads, 'patient does not exist' for an id the user may not see
 * (the API answers 404, or 400 for a malformed id), and the load error with a retry.
 */
export function PatientFileScreen({ patientId }: PatientFileScreenProps) {
  const { t } = useTranslation();
  const patient = usePatient(patientId);

  if (patient.data) {
    return <PatientFile patient={patient.data} />;
  }
  const error = patient.error;
  const missing = !patientId || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  if (missing) {
    return (
      <Stack gap="md">
        <BackLink />
        <Alert color="gray" variant="light" icon={<IconAlertCircle aria-hidden />}>
          <Text size="sm" fw={600} role="status">
            {t('patientFile.notFound')}
          </Text>
        </Alert>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="md">
        <BackLink />
        <Alert
          color="red"
          variant="light"
          title={t('notify.errorTitle')}
          icon={<IconAlertCircle aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('patientFile.loadError')}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void patient.refetch()}
              loading={patient.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" aria-busy role="status" aria-label={t('app.loading')}>
      <Skeleton height={14} width={140} />
      <Skeleton height={32} width={260} />
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder blocks have nothing else to key by
        <Skeleton key={index} height={56} radius="md" />
      ))}
    </Stack>
  );
}
