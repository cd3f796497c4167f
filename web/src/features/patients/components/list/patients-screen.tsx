import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useCurrentUser } from '../../../../lib/session.ts';
import { ExportMenu } from './export-menu.tsx';
import { PatientsList } from './patients-list.tsx';
import { usePatientListState } from './use-patient-list-state.ts';

/** /patients: 'my patients' for a doctor, every patient for an admin (docs/product-rules.md#patient-list). */
export function PatientsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { isAdmin } = user;
  const state = usePatientListState(user);
  return (
    <>
      <PageHeader title={isAdmin ? t('patientList.adminTitle') : t('patientList.title')}>
        {isAdmin ? (
          <ExportMenu filters={state.filters} />
        ) : (
          <Button component={Link} to="/new-patient" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('patientList.newPatient')}
          </Button>
        )}
      </PageHeader>
      <PatientsList user={user} state={state} />
    </>
  );
}
