import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextInput } from '@mantine/core';
import { editAdminFormSchema, editDoctorFormSchema, type UpdateUserInput, type User } from '@registry/shared';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { DoctorFields } from './doctor-fields.tsx';
import { emptyUserForm, type UserFormValues } from './user-form.ts';

const ADMIN_FIELDS = ['nickname'] as const;
const DOCTOR_FIELDS = ['nickname', 'first_name', 'last_name', 'gender', 'institutionId'] as const;

/** The form's values for a user as the list shows it. */
function valuesOf(user: User): UserFormValues {
  return {
    ...emptyUserForm,
    isAdmin: user.isAdmin,
    email: user.email,
    nickname: user.nickname,
    first_name: user.doctor?.first_name ?? '',
    last_name: user.doctor?.last_name ?? '',
    gender: user.doctor?.gender ?? null,
    institutionId: user.doctor?.institution.id ?? null,
  };
}

const checkAdmin = zodResolver(editAdminFormSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  UpdateUserInput
>;
const checkDoctor = zodResolver(editDoctorFormSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  UpdateUserInput
>;

/**
 * Checks the editable fields with the shared schema of the user's kind (docs/product-rules.md#validation):
 * an admin's nickname, or a doctor's nickname, names, gender and institution.
 */
const editResolver: Resolver<UserFormValues, unknown, UpdateUserInput> = (values, context, options) => {
  const fields = values.isAdmin ? ADMIN_FIELDS : DOCTOR_FIELDS;
  const picked = Object.fromEntries(
    fields.map((field) => [field, values[field]]),
  ) as unknown as UserFormValues;
  return (values.isAdmin ? checkAdmin : checkDoctor)(picked, context, options);
};

interface EditUserModalProps {
  readonly opened: boolean;
  /** The user to edit; kept while the modal closes. */
  readonly user: User | null;
  readonly onClose: () => void;
}

/**
 * 'Edit user' (docs/product-rules.md#accounts): an admin's nickname, or a doctor's nickname, names, gender
 * and institution. The email and the admin flag never change.
 */
export function EditUserModal({ opened, user, onClose }: EditUserModalProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const doctor = user?.doctor ?? null;
  const form = useForm<UserFormValues, unknown, UpdateUserInput>({
    resolver: editResolver,
    defaultValues: user ? valuesOf(user) : emptyUserForm,
  });
  const { errors } = form.formState;
  const error = (key: keyof UserFormValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const modal = useModalForm({
    form,
    fields: doctor ? DOCTOR_FIELDS : ADMIN_FIELDS,
    save: (values) => {
      if (!user) {
        throw new Error('no user to edit');
      }
      return update.mutateAsync({ id: user.id, ...values });
    },
    fallback: t('notify.default'),
    savedMessage: t('users.modified'),
    onSaved: onClose,
    // Each opening starts from the user's values as the list has them now.
    opened,
    initial: () => (user ? valuesOf(user) : emptyUserForm),
  });

  return (
    <FormModal
      title={t('users.edit')}
      opened={opened}
      onClose={onClose}
      size={700}
      modal={modal}
      mutation={update}
      failedTitle={t('users.editFailed')}
      submitLabel={t('users.form.save')}
    >
      <div>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {user?.email}
        </Text>
        <Text size="sm" c="dimmed">
          {user?.isAdmin ? t('users.form.admin') : t('users.form.doctor')} · {t('users.form.fixedFields')}
        </Text>
      </div>
      <TextInput
        label={t('users.form.nickname')}
        autoComplete="off"
        withAsterisk
        data-autofocus
        error={error('nickname')}
        {...form.register('nickname')}
      />
      {doctor && (
        <DoctorFields
          form={form}
          current={{ value: doctor.institution.id, label: doctor.institution.name }}
        />
      )}
    </FormModal>
  );
}
