import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorEnrolment } from '../../../components/authenticator-enrolment.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { type Enrolment, useEnableAtSignIn } from '../api/login-mfa-enable.ts';
import { useSetUpAtSignIn } from '../api/login-mfa-setup.ts';
import { useStartSession } from '../api/start-session.ts';

interface EnrolmentStepProps {
  readonly challenge: string;
  readonly onSignedIn: () => void;
  /** A refusal that is not about the code: an expired sign-in, a failure. Stable (a callback). */
  readonly onRefused: (error: unknown) => void;
  readonly onBack: () => void;
}

/**
 * Sign-in of an admin who must have a second factor and has none (docs/product-rules.md#accounts): set
 * up the app, then see the recovery codes once; the session starts when they are saved.
 */
export function EnrolmentStep({ challenge, onSignedIn, onRefused, onBack }: EnrolmentStepProps) {
  const { t } = useTranslation();
  const setup = useSetUpAtSignIn(challenge);
  const enable = useEnableAtSignIn();
  const startSession = useStartSession();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [finishing, setFinishing] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);

  // The codes replace the form the focus was in: the focus goes to their title, read first.
  useEffect(() => {
    if (enrolment) {
      title.current?.focus();
    }
  }, [enrolment]);

  // An expired sign-in goes back to the password; any other failure offers to try again here.
  const setupExpired = setup.error instanceof ApiError && setup.error.code === 'MFA_CHALLENGE_EXPIRED';
  useEffect(() => {
    if (setupExpired) {
      onRefused(setup.error);
    }
  }, [setupExpired, setup.error, onRefused]);

  const finish = (token: string) => {
    setFinishing(true);
    startSession(token).then(onSignedIn, (error: unknown) => {
      setFinishing(false);
      onRefused(error);
    });
  };

  return (
    <Stack gap="md" w="100%" maw={440}>
      <div>
        <Title order={1} size="h2" ref={title} tabIndex={-1} style={{ outline: 'none' }}>
          {enrolment ? t('secondFactor.codes.title') : t('auth.enrol.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {enrolment ? t('auth.enrol.codesIntro') : t('auth.enrol.intro')}
        </Text>
      </div>
      {setup.isError && !setupExpired && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(setup.error, t('secondFactor.setup.failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void setup.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {enrolment ? (
        <RecoveryCodes
          codes={enrolment.recoveryCodes}
          doneLabel={t('auth.enrol.finish')}
          loading={finishing}
          onDone={() => finish(enrolment.token)}
        />
      ) : (
        <AuthenticatorEnrolment
          setup={setup.data}
          failed={setup.isError}
          confirm={(code) => enable.mutateAsync({ challenge, code })}
          onConfirmed={setEnrolment}
          onRefused={onRefused}
          onCancel={onBack}
          cancelLabel={t('auth.enrol.back')}
        />
      )}
    </Stack>
  );
}
