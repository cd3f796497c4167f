import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ChangePasswordInput } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { emptyPasswordForm, type PasswordFormValues, passwordFormSchema } from './password-form.ts';

/**
 * Settings: a new password, with the current one (docs/product-rules.md#accounts). The form opens from
 * a button, so that the modal stays short; the other sessions end when it is saved.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const form = useForm<PasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: emptyPasswordForm,
  });
  const { errors } = form.formState;
  const error = (key: keyof PasswordFormValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const close = () => {
    form.reset(emptyPasswordForm);
    modal.clear();
    setOpen(false);
    // Back where the user was, once the button is there again.
    requestAnimationFrame(() => opener.current?.focus());
  };

  const modal = useModalForm({
    form,
    fields: ['currentPassword', 'newPassword'],
    save: (values) => change.mutateAsync(values),
    fallback: t('account.password.failed'),
    savedMessage: t('account.password.changed'),
    onSaved: close,
  });

  const { setFocus } = form;
  useEffect(() => {
    if (open) {
      setFocus('currentPassword');
    }
  }, [open, setFocus]);

  // A refusal named on a field (the current password) is said there, not twice.
  const failure = modal.failure && !errors.currentPassword && !errors.newPassword ? modal.failure : null;

  return (
    <SettingsSection
      id="settings-password"
      title={t('account.password.title')}
      description={t('account.password.description')}
      aside={
        !open && (
          <Button ref={opener} variant="default" size="sm" onClick={() => setOpen(true)}>
            {t('account.password.open')}
          </Button>
        )
      }
    >
      {open && (
        <form onSubmit={modal.onSubmit} noValidate aria-label={t('account.password.formLabel')}>
          <Stack gap="sm">
            {failure && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
                {failure}
              </Alert>
            )}
            {/* For password managers: the account whose password changes. */}
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordField
              label={t('account.password.current')}
              autoComplete="current-password"
              withAsterisk
              error={error('currentPassword')}
              {...form.register('currentPassword')}
            />
            <PasswordField
              label={t('account.password.new')}
              description={t('account.password.newHelp')}
              autoComplete="new-password"
              withAsterisk
              error={error('newPassword')}
              {...form.register('newPassword')}
            />
            <PasswordField
              label={t('account.password.confirm')}
              autoComplete="new-password"
              withAsterisk
              error={error('confirmPassword')}
              {...form.register('confirmPassword')}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('account.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsSection>
  );
}
