import { Anchor, type AnchorProps, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface CodeFieldProps {
  /** The field as react-hook-form registers it. */
  readonly registration: UseFormRegisterReturn;
  /** A recovery code (`xxxxx-xxxxx`) rather than the 6 digits of the app. */
  readonly recovery?: boolean;
  readonly description?: string;
  readonly error?: string;
}

/**
 * The input of a second-factor code: the app's 6 digits (numeric keyboard, offered by the browser as a
 * one-time code) or a recovery code, in a monospace face so that 0 and O differ.
 */
export function CodeField({ registration, recovery = false, description, error }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.appCode')}
      description={
        recovery ? [description, t('secondFactor.recoveryFormat')].filter(Boolean).join(' ') : description
      }
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={recovery ? 13 : 7}
      withAsterisk
      error={error}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.12em' } }}
      {...registration}
    />
  );
}

interface RecoveryToggleProps extends AnchorProps {
  readonly recovery: boolean;
  readonly onChange: (recovery: boolean) => void;
}

/** Switches a code field between the app's code and a recovery code. */
export function RecoveryToggle({ recovery, onChange, ...props }: RecoveryToggleProps) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size="sm" {...props} onClick={() => onChange(!recovery)}>
      {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
    </Anchor>
  );
}
