import { Group, PasswordInput, Radio, SimpleGrid, TextInput } from '@mantine/core';
import type { CreateUserFormInput } from '@registry/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { DoctorFields } from './doctor-fields.tsx';
import { emptyUserForm, USER_FORM_FIELDS, type UserFormValues, userFormResolver } from './user-form.ts';

type Kind = 'admin' | 'doctor';

/** The radio's value for the form's `isAdmin`: none until the choice is made. */
function kindOf(isAdmin: boolean | undefined): Kind | null {
  if (isAdmin === undefined) {
    return null;
  }
  return isAdmin ? 'admin' : 'doctor';
}

const TITLES = { none: 'users.new', admin: 'users.newAdmin', doctor: 'users.newDoctor' } as const;

interface NewUserModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly onCreated: () => void;
}

/**
 * The 700 px 'new user' modal (docs/product-rules.md#accounts): its title and fields follow the admin /
 * doctor choice.
 */
export function NewUserModal({ opened, onClose, onCreated }: NewUserModalProps) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useForm<UserFormValues, unknown, CreateUserFormInput>({
    resolver: userFormResolver,
    defaultValues: emptyUserForm,
  });
  const { errors } = form.formState;
  const error = (key: keyof UserFormValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;
  const isAdmin = form.watch('isAdmin');
  const title = t(TITLES[kindOf(isAdmin) ?? 'none']);

  const modal = useModalForm({
    form,
    fields: USER_FORM_FIELDS,
    save: (values) => create.mutateAsync(values),
    fallback: t('notify.default'),
    onSaved: () => {
      onClose();
      onCreated();
    },
    opened,
    initial: () => emptyUserForm,
  });

  return (
    <FormModal
      title={title}
      opened={opened}
      onClose={onClose}
      size={700}
      modal={modal}
      mutation={create}
      failedTitle={t('users.createFailed')}
      submitLabel={t('users.form.submit')}
    >
      <Controller
        control={form.control}
        name="isAdmin"
        render={({ field }) => (
          <Radio.Group
            label={t('users.form.kind')}
            withAsterisk
            value={kindOf(field.value)}
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
    </FormModal>
  );
}
