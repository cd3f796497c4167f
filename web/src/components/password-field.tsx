import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps extends Omit<TextInputProps, 'type' | 'rightSection'> {
  readonly ref?: Ref<HTMLInputElement>;
}

/** An eye, struck through while the password is shown (the same drawing as Mantine's PasswordInput). */
function EyeIcon({ shown }: { readonly shown: boolean }) {
  return (
    <svg viewBox="0 0 256 256" width="1.1em" height="1.1em" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" strokeWidth="16">
        {shown ? (
          <path d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
        ) : (
          <path d="M128 56C48 56 16 128 16 128s32 72 112 72 112-72 112-72-32-72-112-72zm0 112a40 40 0 110-80 40 40 0 010 80z" />
        )}
      </g>
    </svg>
  );
}

/**
 * A password input with a show/hide button, named in the user's language and pressed while the password
 * is shown; the input is marked invalid and described by its help and its error. Built on TextInput
 * rather than Mantine's PasswordInput, which leaves these out for screen readers and weighs more on the
 * sign-in page (docs/decisions/016-first-load-budget.md).
 */
export function PasswordField({ id, description, error, disabled, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const [shown, setShown] = useState(false);
  const inputId = id ?? generated;
  const describedBy = [description ? `${inputId}-description` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <TextInput
      {...props}
      id={inputId}
      type={shown ? 'text' : 'password'}
      description={description}
      error={error}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      // Mantine lets clicks through a right section to the input; this one holds a button.
      rightSectionPointerEvents="all"
      rightSection={
        disabled ? undefined : (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('common.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((current) => !current)}
          >
            <EyeIcon shown={shown} />
          </ActionIcon>
        )
      }
    />
  );
}
