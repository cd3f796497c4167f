import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps extends PasswordInputProps {
  readonly ref?: Ref<HTMLInputElement>;
}

/**
 * Mantine's PasswordInput, with what it leaves out for screen readers: the input is marked invalid and
 * described by its help and its error, and the show/hide button is named in the user's language.
 */
export function PasswordField({ id, description, error, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [description ? `${inputId}-description` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      {...props}
      id={inputId}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
    />
  );
}
