import { Divider, Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { SEXES, type Sex } from '@registry/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { type InstitutionOption, useInstitutionOptions } from '../api/get-institution-options.ts';
import type { UserFormValues } from './user-form.ts';

interface DoctorFieldsProps<Out> {
  readonly form: UseFormReturn<UserFormValues, unknown, Out>;
  /** The doctor's own institution when editing, offered even if it is no longer active. */
  readonly current?: InstitutionOption;
}

/** What a doctor needs besides an account: name, gender and an active institution. */
export function DoctorFields<Out>({ form, current }: DoctorFieldsProps<Out>) {
  const { t } = useTranslation();
  const institutions = useInstitutionOptions(true);
  const options = institutions.data ?? [];
  const data =
    current && !options.some((option) => option.value === current.value) ? [current, ...options] : options;
  const { errors } = form.formState;
  const error = (key: keyof UserFormValues) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  return (
    <>
      <Divider label={t('users.form.doctorData')} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('users.form.firstName')}
          withAsterisk
          autoComplete="off"
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextInput
          label={t('users.form.lastName')}
          withAsterisk
          autoComplete="off"
          error={error('last_name')}
          {...form.register('last_name')}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Select
              label={t('users.form.gender')}
              placeholder={t('users.form.choose')}
              withAsterisk
              allowDeselect={false}
              data={SEXES.map((sex) => ({ value: sex, label: t(`sexes.${sex}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value as Sex | null)}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={error('gender')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="institutionId"
          render={({ field }) => (
            <Select
              label={t('users.form.institution')}
              placeholder={t('users.form.institutionPlaceholder')}
              withAsterisk
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('users.form.noInstitutions')}
              data={data}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              rightSection={institutions.isLoading ? <Loader size="xs" /> : undefined}
              error={error('institutionId') ?? (institutions.isError ? t('notify.dataError') : undefined)}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}
