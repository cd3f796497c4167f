import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, RecoveryToggle } from '../../../components/code-field.tsx';
import { useCodeForm } from '../../../lib/use-code-form.ts';
import { useDisableMfa } from '../api/disable-mfa.ts';

interface TurnOffFormProps {
  readonly onDone: () => void;
  readonly onRefused: (error: unknown) => void;
  readonly onCancel: () => void;
}

/** Turning the second factor off takes a current code of the app, or a recovery code. */
export function TurnOffForm({ onDone, onRefused, onCancel }: TurnOffFormProps) {
  const { t } = useTranslation();
  const disable = useDisableMfa();
  const [recovery, setRecovery] = useState(false);
  const code = useCodeForm({ submit: disable.mutateAsync, onDone, onRefused });
  const { setFocus } = code.form;

  useEffect(() => {
    setFocus('code');
  }, [setFocus]);

  return (
    <form onSubmit={code.onSubmit} noValidate aria-label={t('account.mfa.turnOffLabel')}>
      <Stack gap="sm">
        <CodeField
          registration={code.form.register('code')}
          recovery={recovery}
          description={t('account.mfa.turnOffHelp')}
          error={code.error}
        />
        <RecoveryToggle
          style={{ alignSelf: 'flex-start' }}
          recovery={recovery}
          onChange={(next) => {
            code.clear();
            setRecovery(next);
            setFocus('code');
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={disable.isPending}>
            {t('account.mfa.turnOffSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
