import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The wizard steps a section of the file opens (routes /edit-patient/{id}/{step}). */
export type EditStep = 'demography' | 'samples' | 'diagnostic' | 'treatments' | 'lab-report';

interface SectionEditLinkProps {
  readonly patientId: string;
  readonly step: EditStep;
  /** The section's title, for the link's accessible name. */
  readonly section: string;
}

/** 'Edit' at the top of a section of the patient file: opens that step of the wizard. */
export function SectionEditLink({ patientId, step, section }: SectionEditLinkProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={`/edit-patient/${patientId}/${step}`}
      variant="light"
      size="xs"
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={t('patientFile.editSection', { section })}
    >
      {t('patientFile.edit')}
    </Button>
  );
}
