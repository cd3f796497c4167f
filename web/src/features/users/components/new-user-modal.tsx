import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import type { CreateUserFormInput } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { serverMessage, translateRuntimeKey } from '../../../lib/translate.ts';
import { useCreateUser } from '../api/create-user.ts';
import { DoctorFields } from './doctor-fields.tsx';
import { emptyUserForm, USER_FORM_FIELDS, type UserFormValues, userFormResolver } from './user-form.ts';

interface NewUserModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly onCreated: () => void;
}

/** The 700 px 'new user' modal (SPEC.md §2): its title and fields follow the admin / doctor choice. */
export function NewUserModal({ opened, onClose, onCreated }: NewUserModalProps) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UserFormValues, unknown, CreateUserFormInput>({
    resolver: userFormResolver,
    defaultValues: emptyUserForm,
  });
  const { errors } = form.formState;
  const error = (key: keyof UserFormValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;
  const isAdmin = form.watch('isAdmin');
  const title = isAdmin === undefined ? t('users.new') : isAdmin ? t('users.newAdmin') : t('users.newDoctor');

  const close = () => {
    form.reset(emptyUserForm);
    setFailure(null);
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    return create.mutateAsync(values).then(
      () => {
        close();
        onCreated();
      },
      (failed: unknown) => {
        setServerFieldErrors(failed, form.setError, USER_FORM_FIELDS);
        setFailure(serverMessage(failed, t('notify.default')));
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={700}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={t('users.createFailed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="isAdmin"
            render={({ field }) => (
              <Radio.Group
                label={t('users.form.kind')}
                withAsterisk
                value={field.value === undefined ? null : field.value ? 'admin' : 'doctor'}
                onChange={(value) => field.onChange(value === 'admin')}
                error={errors.isAdmin ? t('validation.chooseOption') : undefined}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="admin" label={t('users.form.admin')} ref={field.ref} data-autofocus />
                  <Radio value="doctor" label={t('users.form.doctor')} />
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.form.email')}
              type="email"
              autoComplete="off"
              withAsterisk
              error={error('email')}
              {...form.register('email')}
            />
            <TextInput
              label={t('users.form.nickname')}
              autoComplete="off"
              withAsterisk
              error={error('nickname')}
              {...form.register('nickname')}
            />
          </SimpleGrid>
          <PasswordInput
            label={t('users.form.password')}
            description={t('users.form.passwordHelp')}
            autoComplete="new-password"
            withAsterisk
            error={error('password')}
            {...form.register('password')}
          />
          {isAdmin === false && <DoctorFields form={form} />}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('users.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
