import { Button, Stack } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { FieldGrid } from './field-grid.tsx';
import print from './patient-print.module.css';

interface DeathSectionProps {
  readonly patient: Patient;
  /** Doctors can change a recorded death; admins only read it. */
  readonly onChange?: () => void;
}

/** 06 death: shown only once a death date is recorded. */
export function DeathSection({ patient, onChange }: DeathSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FieldGrid
        fields={[
          {
            label: t('patientFile.fields.deathDate'),
            value: patient.deathDate ? formatIsoDate(patient.deathDate) : null,
          },
          { label: t('patientFile.fields.deathCause'), value: patient.deathCause, wide: true },
        ]}
      />
      {onChange && (
        <div className={print.screenOnly}>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onChange}
          >
            {t('patientFile.death.change')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
