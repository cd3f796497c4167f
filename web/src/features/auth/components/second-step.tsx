import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, RecoveryToggle } from '../../../components/code-field.tsx';
import { useCodeForm } from '../../../lib/use-code-form.ts';
import { useLoginMfa } from '../api/login-mfa.ts';

interface SecondStepProps {
  readonly challenge: string;
  readonly onSignedIn: () => void;
  /** A refusal that is not about the code: an expired sign-in, a failure. */
  readonly onRefused: (error: unknown) => void;
  /** Back to email and password. */
  readonly onBack: () => void;
}

/**
 * The second step of a sign-in (docs/product-rules.md#accounts): the 6 digits of the authenticator app,
 * or one of the recovery codes.
 */
export function SecondStep({ challenge, onSignedIn, onRefused, onBack }: SecondStepProps) {
  const { t } = useTranslation();
  const verify = useLoginMfa();
  const [recovery, setRecovery] = useState(false);
  const code = useCodeForm({
    submit: (value) => verify.mutateAsync({ challenge, code: value }),
    onDone: onSignedIn,
    onRefused,
  });
  const { setFocus } = code.form;

  // The code is what this step asks for: it has the focus from the start, and after each switch.
  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  const switchKind = (next: boolean) => {
    code.clear();
    setRecovery(next);
    setFocus('code');
  };

  return (
    <form
      onSubmit={code.onSubmit}
      noValidate
      aria-labelledby="second-step-title"
      style={{ width: '100%', maxWidth: 380 }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" id="second-step-title">
            {t('auth.mfa.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {recovery ? t('auth.mfa.recoveryHelp') : t('auth.mfa.appHelp')}
          </Text>
        </div>
        <CodeField registration={code.form.register('code')} recovery={recovery} error={code.error} />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          {t('auth.mfa.submit')}
        </Button>
        <Stack gap={6} align="center">
          <RecoveryToggle recovery={recovery} onChange={switchKind} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={onBack}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={14} aria-hidden />
            {t('auth.mfa.back')}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
