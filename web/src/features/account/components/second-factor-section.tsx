import { Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { MfaStatus } from '@registry/shared';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorEnrolment } from '../../../components/authenticator-enrolment.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useEnableMfa } from '../api/enable-mfa.ts';
import { useMfaStatus } from '../api/mfa-status.ts';
import { useSetUpMfa } from '../api/set-up-mfa.ts';
import { PasswordAgainForm } from './password-again-form.tsx';
import { SectionStep } from './section-step.tsx';
import { TurnOffForm } from './turn-off-form.tsx';

type View = 'status' | 'password' | 'setup' | 'codes' | 'turnOff';

/**
 * Settings: the second factor (docs/product-rules.md#accounts) — whether it is on, setting it up (QR,
 * secret, first code, then the recovery codes once) and turning it off with a current code, which is not
 * offered when the registry requires it.
 */
export function SecondFactorSection() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const setUp = useSetUpMfa();
  const enable = useEnableMfa();
  const [view, setView] = useState<View>('status');
  const [codes, setCodes] = useState<readonly string[]>([]);

  const refused = (error: unknown) => {
    if (
      error instanceof ApiError &&
      (error.code === 'MFA_ALREADY_ENABLED' || error.code === 'MFA_NOT_ENABLED')
    ) {
      // Changed in another tab or session: show how things stand now.
      void status.refetch();
      setView('status');
    }
    notify('error', t('notify.errorTitle'), serverMessage(error, t('notify.default')));
  };

  // The password again first; a wrong one stays on its form (PasswordAgainForm).
  const startSetup = (password: string) => setUp.mutateAsync(password).then(() => setView('setup'));

  const enabled = status.data?.enabled;
  // Dark text on a tinted ground, for contrast; the icon carries the colour and the meaning.
  const badge = status.data && (
    <Badge
      size="lg"
      radius="sm"
      variant="filled"
      bg={enabled ? 'green.1' : 'gray.1'}
      c="dark.7"
      leftSection={
        enabled ? (
          <IconShieldCheck size={14} color="var(--mantine-color-green-9)" aria-hidden />
        ) : (
          <IconShieldOff size={14} color="var(--mantine-color-gray-7)" aria-hidden />
        )
      }
    >
      {enabled ? t('account.mfa.on') : t('account.mfa.off')}
    </Badge>
  );

  return (
    <SettingsSection
      id="settings-second-factor"
      title={t('account.mfa.title')}
      description={t('account.mfa.description')}
      aside={badge}
    >
      {status.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      )}
      {status.isError && (
        <ListError message={t('account.mfa.loadError')} onRetry={() => void status.refetch()} />
      )}
      {status.data && view === 'status' && (
        <StatusView
          status={status.data}
          onSetUp={() => setView('password')}
          onTurnOff={() => setView('turnOff')}
          settingUp={setUp.isPending}
        />
      )}
      {view === 'password' && (
        <SectionStep title={t('account.mfa.passwordAgainLabel')} focusTitle={false}>
          <PasswordAgainForm
            submit={startSetup}
            submitting={setUp.isPending}
            onRefused={(error) => {
              setView('status');
              refused(error);
            }}
            onCancel={() => setView('status')}
          />
        </SectionStep>
      )}
      {view === 'setup' && (
        <SectionStep title={t('secondFactor.setup.formLabel')} ready={Boolean(setUp.data)}>
          <AuthenticatorEnrolment
            setup={setUp.data}
            confirm={enable.mutateAsync}
            onConfirmed={(recoveryCodes) => {
              // No toast: the codes, shown now, say that it is on.
              setCodes(recoveryCodes);
              setView('codes');
            }}
            onRefused={refused}
            onCancel={() => setView('status')}
            cancelLabel={t('common.cancel')}
          />
        </SectionStep>
      )}
      {view === 'codes' && (
        <SectionStep title={t('secondFactor.codes.title')}>
          <RecoveryCodes
            codes={codes}
            doneLabel={t('account.mfa.codesDone')}
            onDone={() => {
              setCodes([]);
              setView('status');
            }}
          />
        </SectionStep>
      )}
      {view === 'turnOff' && (
        <SectionStep title={t('account.mfa.turnOffLabel')} focusTitle={false}>
          <TurnOffForm
            onDone={() => {
              notify('success', t('notify.successTitle'), t('account.mfa.turnedOff'));
              setView('status');
            }}
            onRefused={refused}
            onCancel={() => setView('status')}
          />
        </SectionStep>
      )}
    </SettingsSection>
  );
}

interface StatusViewProps {
  readonly status: MfaStatus;
  readonly onSetUp: () => void;
  readonly onTurnOff: () => void;
  readonly settingUp: boolean;
}

function StatusView({ status, onSetUp, onTurnOff, settingUp }: StatusViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      {status.enabled && (
        <Text size="sm">{t('account.mfa.codesLeft', { count: status.recoveryCodesLeft })}</Text>
      )}
      {status.required && (
        <Text size="sm" c="dimmed">
          {status.enabled ? t('account.mfa.requiredOn') : t('account.mfa.requiredOff')}
        </Text>
      )}
      {!status.enabled && (
        <Button size="sm" onClick={onSetUp} loading={settingUp}>
          {t('account.mfa.setUp')}
        </Button>
      )}
      {status.enabled && !status.required && (
        <Button size="sm" variant="default" onClick={onTurnOff}>
          {t('account.mfa.turnOff')}
        </Button>
      )}
    </Stack>
  );
}
