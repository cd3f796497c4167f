import { Button, Group, Text } from '@mantine/core';
import { IconChartLine, IconPlus, IconUserHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { FollowUpList } from './follow-up-list.tsx';
import { SummaryPanel } from './summary-panel.tsx';

/**
 * The landing page, / (docs/product-rules.md#screens): for an admin the whole registry in figures, for a
 * doctor their patients due for follow-up; each with the way to the patient list, and for a doctor the
 * primary action of the day, a new patient.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { isAdmin } = useCurrentUser();
  const links = (
    <Group gap="sm">
      <Button
        component={Link}
        to="/patients"
        variant="default"
        leftSection={<IconUserHeart size={16} aria-hidden />}
      >
        {isAdmin ? t('home.patients') : t('home.myPatients')}
      </Button>
      {!isAdmin && (
        <Button component={Link} to="/new-patient" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('patientList.newPatient')}
        </Button>
      )}
      {isAdmin && (
        <Button component={Link} to="/outcomes" leftSection={<IconChartLine size={16} aria-hidden />}>
          {t('home.outcomes')}
        </Button>
      )}
    </Group>
  );
  if (isAdmin) {
    return (
      <>
        <PageHeader title={t('home.adminTitle')}>{links}</PageHeader>
        <Text size="sm" c="dimmed" mt={-8} mb="md">
          {t('home.adminIntro')}
        </Text>
        <SummaryPanel filters={{}} withTitle={false} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('home.doctorTitle')}>{links}</PageHeader>
      <FollowUpList isAdmin={false} />
    </>
  );
}
