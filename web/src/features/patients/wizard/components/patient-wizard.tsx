import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { mayWrite, type Patient } from '@registry/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ListError } from '../../../../components/list-error.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { usePatientSlots } from '../../../../lib/patient-slots.tsx';
import { patientQueryKey } from '../../../../lib/query-keys.ts';
import { policyUserOf, useCurrentUser } from '../../../../lib/session.ts';
import { patientQueryOptions } from '../../api/get-patient.ts';
import {
  followsBiobankRules,
  isWizardStep,
  mayRecordTreatments,
  needsConsent,
  nextStep,
  previousStep,
  WIZARD_STEPS,
  wizardPath,
} from '../steps.ts';
import { StepView } from './step-view.tsx';
import { WizardNav } from './wizard-nav.tsx';

/**
 * The six-step patient wizard of /new-patient/{step} and /edit-patient/{id}/{step}
 * (docs/product-rules.md#wizard).
 */
export function PatientWizard() {
  const { t, i18n } = useTranslation();
  const { patientId, step: stepParam } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const slots = usePatientSlots();
  // The forms are filled from a fresh read, so the version sent back is the one they were filled from.
  const query = useQuery({
    ...patientQueryOptions(patientId ?? ''),
    enabled: Boolean(patientId),
    refetchOnMount: 'always',
    refetchOnReconnect: false,
  });

  // After next or back, the new step starts at its top: the page scrolls up and its heading takes the
  // focus (a screen reader announces it; Tab goes on into the step), once the heading is shown. The
  // navigation carries the request, since a new patient's next step is another route (edit-patient).
  const location = useLocation();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const moved = (location.state as { stepMoved?: boolean } | null)?.stepMoved === true;
    if (moved && handled.current !== location.key && stepHeading.current) {
      handled.current = location.key;
      document.scrollingElement?.scrollTo?.({ top: 0 });
      stepHeading.current.focus({ preventScroll: true });
    }
  });

  const step = stepParam ?? 'demography';
  if (!isWizardStep(step) || (!patientId && step !== 'demography')) {
    return <Navigate to={wizardPath(patientId, 'demography')} replace />;
  }
  const exitPath = patientId ? `/patient/${patientId}` : '/patients';
  const title = patientId ? t('wizard.editTitle') : t('wizard.newTitle');

  let body: ReactNode;
  const patient = query.data;
  if (patientId && query.isError && !patient) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = missing ? (
      <Text>{t('wizard.notFound')}</Text>
    ) : (
      <ListError
        message={t('wizard.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (patientId && (!patient || !query.isFetchedAfterMount)) {
    body = <PageLoader />;
  } else {
    const allowed = patient ? mayRecordTreatments(patient, user) : false;
    if (patient && needsConsent(step) && !allowed) {
      return <Navigate to={wizardPath(patientId, 'final')} replace />;
    }
    const fresh = (id: string) => queryClient.getQueryData<Patient>(patientQueryKey(id));
    const toStep = { state: { stepMoved: true } };
    const onNext = (createdId?: string) => {
      if (createdId) {
        void navigate(wizardPath(createdId, 'samples'), toStep);
        return;
      }
      const latest = patientId ? fresh(patientId) : undefined;
      const mayGoOn = latest ? mayRecordTreatments(latest, user) : allowed;
      void navigate(wizardPath(patientId, nextStep(step, mayGoOn)), toStep);
    };
    const onBack =
      step === 'demography'
        ? () => void navigate(exitPath)
        : () => void navigate(wizardPath(patientId, previousStep(step, allowed)), toStep);
    const index = WIZARD_STEPS.indexOf(step);
    const biobank = followsBiobankRules(patient, user);
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <WizardNav step={step} patient={patient} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} pb={0}>
            <Text size="sm" c="dimmed">
              {t('wizard.stepOf', { number: index + 1, total: WIZARD_STEPS.length })}
            </Text>
            <Title
              order={2}
              size="h3"
              mb="lg"
              ref={stepHeading}
              tabIndex={-1}
              data-testid="wizard-step-title"
            >
              {t(`wizard.steps.${step}`)}
            </Title>
            {patient && slots.WizardStep && (
              <Suspense fallback={null}>
                <slots.WizardStep patient={patient} step={step} />
              </Suspense>
            )}
            <StepView
              key={`${patientId ?? 'new'}-${step}`}
              step={step}
              patient={patient}
              user={user}
              readOnly={!mayWrite(policyUserOf(user), 'clinical', biobank)}
              biobank={biobank}
              title={t(`wizard.steps.${step}`)}
              onBack={onBack}
              onNext={onNext}
              onReload={async () => (await query.refetch()).data}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="xs">
        <Anchor component={Link} to={exitPath} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {patientId ? t('wizard.backToPatient') : t('wizard.backToList')}
          </Group>
        </Anchor>
        <PageHeader title={title}>
          {patient && (
            <Text fw={600} size="lg" data-testid="wizard-patient">
              {patient.identification}
            </Text>
          )}
        </PageHeader>
        {body}
      </Stack>
    </DatesProvider>
  );
}
